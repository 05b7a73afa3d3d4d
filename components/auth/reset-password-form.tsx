"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { resetPasswordAction } from "@/lib/accounts/actions";
import { NEW_PASSWORD_MISMATCH, PASSWORD_MIN, resetPasswordSchema } from "@/lib/accounts/schemas";
import { firstError } from "@/lib/actions/result";
import { issuesToFieldErrors } from "@/lib/http/parse";
import { GENERIC_FAILURE_MESSAGE as GENERIC_FAILURE } from "@/lib/errors";
import { FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { useFormFields } from "./use-form-fields";
import { useHydrated } from "@/components/ui/use-hydrated";

type Field = "email" | "newPassword" | "confirmPassword";

/** Step 3 of the reset flow (only reachable with a live km_reset grant): the new password, then /login. */
export function ResetPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const { values, errors, message, pending, setPending, set, fail, begin } = useFormFields<Field>({
    email: initialEmail ?? "",
    newPassword: "",
    confirmPassword: "",
  });
  const filled = Object.values(values).every((v) => v.trim() !== "");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !filled) return;
    if (values.newPassword !== values.confirmPassword) {
      fail(NEW_PASSWORD_MISMATCH, { confirmPassword: [NEW_PASSWORD_MISMATCH] });
      return;
    }
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      fail(
        parsed.error.issues[0]?.message ?? "Check the form",
        issuesToFieldErrors(parsed.error.issues, "form"),
      );
      return;
    }
    begin();
    try {
      const result = await callAction(resetPasswordAction, values);
      if (!result.ok) {
        fail(failureText(result), result.fieldErrors);
        setPending(false);
        return;
      }
      toast.success(result.message);
      router.push(`/login?email=${encodeURIComponent(parsed.data.email)}`);
    } catch {
      fail(GENERIC_FAILURE);
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Reset password"
      data-hydrated={hydrated || undefined}
    >
      <FormField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        value={values.email}
        onChange={set("email")}
        error={firstError(errors, "email")}
        required
      />
      <FormField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Choose a new password"
        value={values.newPassword}
        onChange={set("newPassword")}
        error={firstError(errors, "newPassword")}
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
        autoFocus
      />
      <FormField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Type the new password again"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={firstError(errors, "confirmPassword")}
        required
      />
      <FormStatus message={message} />
      <SubmitButton disabled={!filled} pending={pending} pendingLabel="Saving…">
        Change Password
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        <Link href="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
