"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { changePasswordAction } from "@/lib/accounts/actions";
import { signInWithCredentials, signOutSession } from "@/components/auth/auth-client";
import { firstError } from "@/lib/actions/result";
import { issuesToFieldErrors } from "@/lib/http/parse";
import { GENERIC_FAILURE_MESSAGE as GENERIC_FAILURE } from "@/lib/errors";
import { FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { changePasswordSchema, NEW_PASSWORD_MISMATCH, PASSWORD_MIN } from "@/lib/accounts/schemas";
import { useFormFields } from "@/components/auth/use-form-fields";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useSession } from "@/components/auth/use-session";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
type Values = Record<Field, string>;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Changing the password ends every session, this one included (lib/accounts/password-change), so on success the
 * form signs in again with the new password at once; the shopper stays logged in here and nowhere else.
 */
export function ChangePasswordForm({ email: fallbackEmail }: { email: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const { data } = useSession();
  const { values, setValues, errors, message, pending, setPending, set, fail, begin } =
    useFormFields<Field>(EMPTY);
  const filled = Object.values(values).every((v) => v !== "");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !filled) return;
    if (values.newPassword !== values.confirmPassword) {
      fail(NEW_PASSWORD_MISMATCH, { confirmPassword: [NEW_PASSWORD_MISMATCH] });
      return;
    }
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      fail(
        parsed.error.issues[0]?.message ?? "Check the form",
        issuesToFieldErrors(parsed.error.issues, "form"),
      );
      return;
    }
    begin();
    try {
      const result = await callAction(changePasswordAction, values);
      if (!result.ok) {
        fail(failureText(result), result.fieldErrors);
        return;
      }
      const email = data?.user?.email || fallbackEmail;
      const again = await signInWithCredentials(email, values.newPassword).catch(() => null);
      if (!again?.ok) {
        await signOutSession().catch(() => undefined);
        toast.success("Password changed. Please log in with your new password.");
        router.push(`/login?callbackUrl=${encodeURIComponent("/dashboard/profile")}`);
        return;
      }
      setValues(EMPTY);
      toast.success(result.message);
      router.refresh();
    } catch {
      fail(GENERIC_FAILURE);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Change password"
      data-hydrated={hydrated || undefined}
    >
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={data?.user?.email || fallbackEmail}
        readOnly
        hidden
      />
      <FormField
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set("currentPassword")}
        error={firstError(errors, "currentPassword")}
        required
      />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
          error={firstError(errors, "newPassword")}
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
        />
        <FormField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={firstError(errors, "confirmPassword")}
          required
        />
      </div>
      <FormStatus message={message} />
      <div className="flex justify-end">
        <div className="w-full sm:w-52">
          <SubmitButton disabled={!filled} pending={pending} pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
