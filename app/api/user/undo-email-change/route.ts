import { NextResponse } from "next/server";
import { undoEmailChange } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { env } from "@/lib/env";
import { withApiEdge } from "@/lib/http/respond";
import { log } from "@/lib/log";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";

/**
 * The undo link of the notice an e-mail change sends to the old address (issue 20 #4): the old e-mail stays (or comes
 * back), every session ends, and the page that opens says what happened and offers a new password.
 */
export const GET = withApiEdge(async (request) => {
  const token = new URL(request.url).searchParams.get("token");
  const outcome = await (async () => {
    await consume(`email-link:ip:${clientIp(request.headers)}`, LIMITS.emailLinkPerIp);
    return undoEmailChange(token);
  })().catch((error: unknown) => {
    log.error({ err: error }, "undo-email-change failed");
    return "invalid" as const;
  });
  return NextResponse.redirect(new URL(`/email-change-undone?result=${outcome}`, env().APP_URL), 303);
});
