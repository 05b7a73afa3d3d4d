import { sendEmailVerificationCode, VERIFY_CODE_MINUTES } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

/**
 * E-mails a 6-digit code to the caller's address (issue 20 #14); send it back to POST /api/user/verify-email as
 * `{code}`. Valid 15 minutes, 5 tries; 5 codes an hour per account (429 beyond). An already verified e-mail gets 200
 * with `data.verify_email: true` and no mail.
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const sent = await sendEmailVerificationCode(viewer, { ip: clientIp(request.headers) });
  return ok(sent.message, {
    data: {
      email: sent.email,
      verify_email: sent.verified,
      ...(sent.verified ? {} : { expiresInMinutes: VERIFY_CODE_MINUTES }),
    },
  });
});
