"use client";

import { useRouter } from "next/navigation";
import { signInWithCredentials, signOutSession } from "@/components/auth/auth-client";
import { useSession } from "@/components/auth/use-session";
import { FieldsForm, passwordField } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-zod-form";
import { changePasswordAction } from "@/lib/accounts/actions";
import { changePasswordSchema, PASSWORD_MIN } from "@/lib/accounts/schemas";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirmPassword: "" };

const FIELDS: FieldSpec<Field>[] = [
  { name: "currentPassword", ...passwordField("Current Password", "current"), wide: true },
  {
    name: "newPassword",
    ...passwordField("New Password", "new"),
    hint: `At least ${PASSWORD_MIN} characters.`,
  },
  { name: "confirmPassword", ...passwordField("Confirm New Password", "new") },
];

/**
 * Changing the password ends every session, this one included (lib/accounts/password-change), so on success the
 * form signs in again with the new password at once; the shopper stays logged in here and nowhere else.
 */
export function ChangePasswordForm({ email: fallbackEmail }: { email: string }) {
  const router = useRouter();
  const { data } = useSession();
  const email = data?.user?.email || fallbackEmail;
  const state = useActionForm(changePasswordSchema, EMPTY, changePasswordAction, {
    toastSuccess: false,
    onDone: async ({ message }, { newPassword }) => {
      const again = await signInWithCredentials(email, newPassword).catch(() => null);
      if (!again?.ok) {
        await signOutSession().catch(() => undefined);
        toast.success("Password changed. Please log in with your new password.");
        router.push(`/login?callbackUrl=${encodeURIComponent("/dashboard/profile")}`);
        return;
      }
      state.form.reset(EMPTY);
      toast.success(message);
      router.refresh();
    },
  });
  const filled = Object.values(state.form.watch()).every((v) => v !== "");

  return (
    <FieldsForm
      label="Change password"
      state={state}
      before={<input type="text" name="username" autoComplete="username" value={email} readOnly hidden />}
      specs={FIELDS}
      columns={2}
      disabled={!filled}
      submitLabel="Change password"
      pendingLabel="Changing…"
      buttonWidth="sm:w-52"
    />
  );
}
