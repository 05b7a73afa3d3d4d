"use client";

import { useRouter } from "next/navigation";
import { AuthLink } from "./auth-link";
import { EMAIL_FIELD, FieldsForm } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { forgotPasswordAction } from "@/lib/accounts/actions";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";

const FIELDS: FieldSpec<"email">[] = [{ name: "email", ...EMAIL_FIELD, autoFocus: true }];

/** Step 1 of the reset flow: the e-mail. On success the OTP screen opens with `?email=`. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const router = useRouter();
  const state = useActionForm(forgotPasswordSchema, { email: initialEmail ?? "" }, forgotPasswordAction, {
    onDone: ({ data }) => {
      router.push(`/verification-otp?email=${encodeURIComponent(data.email)}`);
    },
  });
  const email = state.form.watch("email");

  return (
    <FieldsForm
      label="Forgot password"
      state={state}
      specs={FIELDS}
      disabled={!email.trim()}
      submitLabel="Send OTP"
      pendingLabel="Sending code…"
    >
      <AuthLink prompt="Remembered it?" href="/login">
        Back to Login
      </AuthLink>
    </FieldsForm>
  );
}
