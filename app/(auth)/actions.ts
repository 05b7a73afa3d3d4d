"use server";

import { cookies, headers } from "next/headers";
import type { ActionResult } from "@/components/auth/action-result";
import { runAccountAction } from "@/lib/accounts/run-action";
import { registerUser, requestPasswordReset, resetPassword, verifyResetCode } from "@/lib/accounts";
import { GRANT_MINUTES } from "@/lib/accounts/password-reset";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";
import { clientIp } from "@/lib/auth/client-ip";
import { RESET_COOKIE, resetGrantCookie } from "@/lib/auth/cookies";

// Account-access actions: each parses with the shared schema inside the lib/accounts function it calls and
// answers { ok, message, fieldErrors? } for a toast. Login itself goes through next-auth's signIn on the client.

const ip = async () => clientIp(await headers());

/** Registers a shopper. The form then signs the new account in with the same password. */
export async function registerAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  return runAccountAction(async () => {
    const user = await registerUser(input, { ip: await ip() });
    return {
      ok: true,
      message: "Account created. We have sent you a link to confirm your e-mail.",
      data: { email: user.email },
    };
  });
}

/** Sends a 6-digit code when the account exists; the answer is the same either way. */
export async function forgotPasswordAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  return runAccountAction(async () => {
    const message = await requestPasswordReset(input, { ip: await ip() });
    // requestPasswordReset has validated the input already; this only yields the normalised e-mail.
    const { email } = forgotPasswordSchema.parse(input);
    return { ok: true, message, data: { email } };
  });
}

/** Checks the code; a right one grants a single reset, kept in the httpOnly km_reset cookie. */
export async function verifyOtpAction(input: unknown): Promise<ActionResult> {
  return runAccountAction(async () => {
    const { resetToken } = await verifyResetCode(input, { ip: await ip() });
    (await cookies()).set(resetGrantCookie(resetToken, GRANT_MINUTES * 60));
    return { ok: true, message: "Code verified. Choose a new password." };
  });
}

/** Sets the new password with the grant from the km_reset cookie, then drops the cookie. */
export async function resetPasswordAction(input: unknown): Promise<ActionResult> {
  return runAccountAction(async () => {
    const jar = await cookies();
    const body = { ...(input as Record<string, unknown>), resetToken: undefined };
    await resetPassword(body, { ip: await ip(), resetToken: jar.get(RESET_COOKIE)?.value });
    // cleared with the same attributes it was set with (delete() would send a bare cookie)
    jar.set(resetGrantCookie("", 0));
    return { ok: true, message: "Password updated. Please log in with your new password." };
  });
}
