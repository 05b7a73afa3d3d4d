"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  EMAIL_FIELD,
  FieldList,
  Form,
  FormStatus,
  passwordField,
  SubmitButton,
} from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/ui/use-form-fields";
import { resetPasswordAction } from "@/lib/accounts/actions";
import { NEW_PASSWORD_MISMATCH, PASSWORD_MIN, resetPasswordSchema } from "@/lib/accounts/schemas";

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
  const form = useFormFields<Field>({ email: initialEmail ?? "", newPassword: "", confirmPassword: "" });
  const filled = Object.values(form.values).every((v) => v.trim() !== "");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.pending || !filled) return;
    if (!form.same("newPassword", "confirmPassword", NEW_PASSWORD_MISMATCH)) return;
    const parsed = form.check(resetPasswordSchema);
    if (!parsed) return;
    // stays pending on success: the page is leaving
    await form.send(
      resetPasswordAction,
      form.values,
      ({ message }) => {
        toast.success(message);
        router.push(`/login?email=${encodeURIComponent(parsed.email)}`);
      },
      { leaving: true },
    );
  }

  return (
    <Form label="Reset password" onSubmit={submit}>
      <FieldList specs={FIELDS} field={form.field} />
      <FormStatus message={form.message} />
      <SubmitButton disabled={!filled} pending={form.pending} pendingLabel="Saving…">
        Change Password
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        <Link href="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to Login
        </Link>
      </p>
    </Form>
  );
}
