"use server";

import { cookies, headers } from "next/headers";
import { input, publicAction, userAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import { RESET_COOKIE, resetGrantCookie } from "@/lib/auth/cookies";
import { deleteAccount } from "./account";
import { EMAIL_CHANGE_SENT } from "./email-change";
import { sendEmailVerificationCode, verifyEmailCode } from "./email-verification";
import { changePassword } from "./password-change";
import { GRANT_MINUTES, requestPasswordReset, resetPassword, verifyResetCode } from "./password-reset";
import { updateProfile } from "./profile";
import { registerUser } from "./register";
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  updateProfileSchema,
  verifyEmailCodeSchema,
  verifyOtpSchema,
} from "./schemas";

// The account screens' calls (register, password reset, profile), through the action clients. Login itself goes
// through next-auth's signIn on the client. The schemas' messages stand alone, as in the REST answers.

const ip = async () => clientIp(await headers());

/** Registers a shopper. The form then signs the new account in with the same password. */
export const registerAction = publicAction
  .inputSchema(input(registerSchema, "standalone"))
  .action(async ({ parsedInput }) => {
    const user = await registerUser(parsedInput, { ip: await ip() });
    return {
      message: "Account created. We have sent you a link to confirm your e-mail.",
      data: { email: user.email },
    };
  });

/** Sends a 6-digit code when the account exists; the answer is the same either way. */
export const forgotPasswordAction = publicAction
  .inputSchema(input(forgotPasswordSchema, "standalone"))
  .action(async ({ parsedInput }) => ({
    message: await requestPasswordReset(parsedInput, { ip: await ip() }),
    data: { email: parsedInput.email },
  }));

/** Checks the code; a right one grants a single reset, kept in the httpOnly km_reset cookie. */
export const verifyOtpAction = publicAction
  .inputSchema(input(verifyOtpSchema, "standalone"))
  .action(async ({ parsedInput }) => {
    const { resetToken } = await verifyResetCode(parsedInput, { ip: await ip() });
    (await cookies()).set(resetGrantCookie(resetToken, GRANT_MINUTES * 60));
    return { message: "Code verified. Choose a new password.", data: null };
  });

/** Sets the new password with the grant from the km_reset cookie (never from the input), then drops the cookie. */
export const resetPasswordAction = publicAction
  .inputSchema(input(resetPasswordSchema, "standalone"))
  .action(async ({ parsedInput }) => {
    const jar = await cookies();
    await resetPassword(
      { ...parsedInput, resetToken: undefined },
      { ip: await ip(), resetToken: jar.get(RESET_COOKIE)?.value },
    );
    // cleared with the same attributes it was set with (delete() would send a bare cookie)
    jar.set(resetGrantCookie("", 0));
    return { message: "Password updated. Please log in with your new password.", data: null };
  });

export type ProfileData = {
  name: string;
  email: string;
  mobile: string;
  verifyEmail: boolean;
  /** the address an e-mail change waits to be confirmed at (issue 20 #4), or null */
  pendingEmail: string | null;
};

/** Name and mobile at once; a new e-mail (with the current password) only once the link sent to it is opened. */
export const updateProfileAction = userAction
  .inputSchema(input(updateProfileSchema, "standalone"))
  .action(async ({ parsedInput, ctx: { viewer } }) => {
    const { user, emailChangeSentTo } = await updateProfile(viewer, parsedInput, { ip: await ip() });
    const data: ProfileData = {
      name: user.name,
      email: user.email,
      mobile: user.mobile ?? "",
      verifyEmail: user.emailVerified,
      pendingEmail: user.pendingEmail,
    };
    return {
      message: emailChangeSentTo ? EMAIL_CHANGE_SENT(emailChangeSentTo) : "Profile updated successfully",
      data,
    };
  });

/** E-mails a 6-digit code that verifies the shopper's e-mail in place (checkout, issue 20 #14). */
export const sendEmailCodeAction = userAction.action(async ({ ctx: { viewer } }) => {
  const sent = await sendEmailVerificationCode(viewer, { ip: await ip() });
  return { message: sent.message, data: { email: sent.email, verified: sent.verified } };
});

/** Checks the e-mailed code; the e-mail is verified when it is right. */
export const verifyEmailCodeAction = userAction
  .inputSchema(input(verifyEmailCodeSchema, "standalone"))
  .action(async ({ parsedInput, ctx: { viewer } }) => {
    const { message } = await verifyEmailCode(viewer, parsedInput, { ip: await ip() });
    return { message, data: { verified: true } };
  });

/** Ends every session, this one too: the form signs in again with the new password. */
export const changePasswordAction = userAction
  .inputSchema(input(changePasswordSchema, "standalone"))
  .action(async ({ parsedInput, ctx: { viewer } }) => {
    await changePassword(viewer, parsedInput);
    return { message: "Password changed. You have been logged out on your other devices.", data: null };
  });

export const deleteAccountAction = userAction
  .inputSchema(input(deleteAccountSchema, "standalone"))
  .action(async ({ parsedInput, ctx: { viewer } }) => {
    await deleteAccount(viewer, parsedInput);
    return { message: "Your account has been deleted", data: null };
  });
