"use server";

import type { ActionResult } from "@/components/auth/action-result";
import { runAccountAction } from "@/lib/accounts/run-action";
import { changePassword, deleteAccount, updateProfile } from "@/lib/accounts";
import { requireUserAction } from "@/lib/auth/viewer";

// Profile actions: the viewer comes from the session cookie (never from the client), the lib/accounts function
// parses the input with the shared schema, and the answer is { ok, message, fieldErrors? } for a toast.

export type ProfileData = { name: string; email: string; mobile: string; verifyEmail: boolean };

export async function updateProfileAction(input: unknown): Promise<ActionResult<ProfileData>> {
  return runAccountAction(async () => {
    const viewer = await requireUserAction();
    const user = await updateProfile(viewer, input);
    const emailChanged = user.email !== viewer.email;
    return {
      ok: true,
      message: emailChanged
        ? "Profile updated. We have sent a link to confirm your new e-mail."
        : "Profile updated successfully",
      data: {
        name: user.name,
        email: user.email,
        mobile: user.mobile ?? "",
        verifyEmail: user.verify_email,
      },
    };
  });
}

/** Ends every session, this one too: the form signs in again with the new password. */
export async function changePasswordAction(input: unknown): Promise<ActionResult> {
  return runAccountAction(async () => {
    const viewer = await requireUserAction();
    await changePassword(viewer, input);
    return { ok: true, message: "Password changed. You have been logged out on your other devices." };
  });
}

export async function deleteAccountAction(input: unknown): Promise<ActionResult> {
  return runAccountAction(async () => {
    const viewer = await requireUserAction();
    await deleteAccount(viewer, input);
    return { ok: true, message: "Your account has been deleted" };
  });
}
