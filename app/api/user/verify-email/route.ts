import { NextResponse } from "next/server";
import { verifyEmailToken } from "@/lib/accounts";
import { env } from "@/lib/env";
import { inRequestContext, log } from "@/lib/log";

/** The link of the verification e-mail: marks the e-mail verified and opens the profile page. */
export function GET(request: Request) {
  return inRequestContext(request.headers, async () => {
    const token = new URL(request.url).searchParams.get("token");
    const verified = await verifyEmailToken(token).catch((error: unknown) => {
      log.error({ err: error }, "verify-email failed");
      return false;
    });
    return NextResponse.redirect(
      new URL(`/dashboard/profile?verified=${verified ? 1 : 0}`, env().APP_URL),
      303,
    );
  });
}
