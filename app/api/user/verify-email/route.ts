import { NextResponse } from "next/server";
import { verifyEmailToken } from "@/lib/accounts";
import { env } from "@/lib/env";

/** The link of the verification e-mail: marks the e-mail verified and opens the profile page. */
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const verified = await verifyEmailToken(token).catch((error: unknown) => {
    console.error("verify-email failed", error);
    return false;
  });
  return NextResponse.redirect(
    new URL(`/dashboard/profile?verified=${verified ? 1 : 0}`, env().APP_URL),
    303,
  );
}
