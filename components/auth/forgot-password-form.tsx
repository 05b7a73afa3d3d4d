"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { EMAIL_FIELD, FieldList, Form, FormStatus, SubmitButton } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-zod-form";
import { forgotPasswordAction } from "@/lib/accounts/actions";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";

const FIELDS: FieldSpec<"email">[] = [{ name: "email", ...EMAIL_FIELD, autoFocus: true }];

/** Step 1 of the reset flow: the e-mail. On success the OTP screen opens with `?email=`. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const router = useRouter();
  const { form, field, submit, pending, message } = useActionForm(
    forgotPasswordSchema,
    { email: initialEmail ?? "" },
    forgotPasswordAction,
    {
      onDone: ({ data, message }) => {
        if (message) toast.success(message);
        router.push(`/verification-otp?email=${encodeURIComponent(data.email)}`);
      },
    },
  );
  const email = form.watch("email");

  return (
    <Form label="Forgot password" onSubmit={submit}>
      <FieldList specs={FIELDS} field={field} />
      <FormStatus message={message} />
      <SubmitButton disabled={!email.trim()} pending={pending} pendingLabel="Sending code…">
        Send OTP
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to Login
        </Link>
      </p>
    </Form>
  );
}
