"use client";

import { useRouter } from "next/navigation";
import { AuthLink } from "./auth-link";
import { EMAIL_FIELD, FieldsForm, passwordField } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { resetPasswordAction } from "@/lib/accounts/actions";
import { PASSWORD_MIN, resetPasswordSchema } from "@/lib/accounts/schemas";

type Field = "email" | "newPassword" | "confirmPassword";

const FIELDS: FieldSpec<Field>[] = [
  { name: "email", ...EMAIL_FIELD, autoComplete: "username", placeholder: undefined },
  {
    name: "newPassword",
    ...passwordField("New Password", "new", "Choose a new password"),
    hint: `At least ${PASSWORD_MIN} characters.`,
    autoFocus: true,
  },
  { name: "confirmPassword", ...passwordField("Confirm Password", "new", "Type the new password again") },
];

/** Step 3 of the reset flow (only reachable with a live km_reset grant): the new password, then /login. */
export function ResetPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const router = useRouter();
  const state = useActionForm(
    resetPasswordSchema,
    { email: initialEmail ?? "", newPassword: "", confirmPassword: "" },
    resetPasswordAction,
    {
      // stays pending on success: the page is leaving
      leaving: true,
      onDone: (_done, values) => {
        router.push(`/login?email=${encodeURIComponent(values.email)}`);
      },
    },
  );
  const filled = state.form.watch(["email", "newPassword", "confirmPassword"]).every((v) => v.trim() !== "");

  return (
    <FieldsForm
      label="Reset password"
      state={state}
      specs={FIELDS}
      disabled={!filled}
      submitLabel="Change Password"
      pendingLabel="Saving…"
    >
      <AuthLink href="/login">Back to Login</AuthLink>
    </FieldsForm>
  );
}
