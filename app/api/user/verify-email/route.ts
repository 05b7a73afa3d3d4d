import { NextResponse } from "next/server";
import { z } from "zod";
import { verifyEmailCode, verifyEmailToken } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { getViewer, requireUser } from "@/lib/auth/viewer";
import { env } from "@/lib/env";
import { handle, ok, readJson, withApiEdge } from "@/lib/http/respond";
import { log } from "@/lib/log";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";

/**
 * The link of the verification e-mail (registration) or of an e-mail change's confirmation (issue 20 #4): marks the
 * e-mail verified, or switches the account to its new address, and opens the profile page.
 */
export const GET = withApiEdge(async (request) => {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await (async () => {
    await consume(`email-link:ip:${clientIp(request.headers)}`, LIMITS.emailLinkPerIp);
    const opener = await getViewer(request).catch(() => null);
    return verifyEmailToken(
      token,
      opener && { userId: opener.id, sessionId: opener.sessionId, familyId: opener.familyId },
    );
  })().catch((error: unknown) => {
    log.error({ err: error }, "verify-email failed");
    return "invalid" as const;
  });
  return NextResponse.redirect(
    new URL(`/dashboard/profile?verified=${outcome === "done" ? 1 : 0}`, env().APP_URL),
    303,
  );
});

/**
 * `{code}`: the 6-digit code from POST /api/user/verify-email/send-code (issue 20 #14). 200 when the e-mail is now
 * verified; 400 for a wrong or expired code (with the tries left), 429 past the limits.
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  const { message } = await verifyEmailCode(viewer, body, { ip: clientIp(request.headers) });
  return ok(message, { data: { verify_email: true } });
});
