"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { registerAction } from "@/lib/accounts/actions";
import { PASSWORD_MIN, PASSWORD_MISMATCH, registerSchema } from "@/lib/accounts/schemas";
import { firstError } from "@/lib/actions/result";
import { issuesToFieldErrors } from "@/lib/http/parse";
import { GENERIC_FAILURE_MESSAGE as GENERIC_FAILURE } from "@/lib/errors";
import { FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { safeCallbackPath } from "./safe-callback";
import { useFormFields } from "./use-form-fields";
import { useHydrated } from "@/components/ui/use-hydrated";

type Field = "name" | "email" | "password" | "confirmPassword";
type Values = Record<Field, string>;
const EMPTY: Values = { name: "", email: "", password: "", confirmPassword: "" };

/**
 * Registration. A password mismatch is caught here, before any call. On success the shopper goes on to /login
 * with the e-mail filled in (and the callbackUrl kept), as the account flow register → login expects.
 */
export function RegisterForm({ callbackUrl }: { callbackUrl?: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const { values, errors, message, pending, setPending, set, fail, begin } = useFormFields<Field>(EMPTY);
  const filled = Object.values(values).every((v) => v.trim() !== "");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!filled) {
      fail("Please fill in all the fields", {
        ...Object.fromEntries(
          (Object.keys(values) as Field[]).filter((k) => !values[k].trim()).map((k) => [k, ["Required"]]),
        ),
      });
      return;
    }
    if (values.password !== values.confirmPassword) {
      fail(PASSWORD_MISMATCH, { confirmPassword: [PASSWORD_MISMATCH] });
      return;
    }
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      fail(
        parsed.error.issues[0]?.message ?? "Check the form",
        issuesToFieldErrors(parsed.error.issues, "form"),
      );
      return;
    }

    begin();
    try {
      const result = await callAction(registerAction, values);
      if (!result.ok) {
        fail(failureText(result), result.fieldErrors);
        return;
      }
      toast.success(result.message);
      const next = new URLSearchParams({ email: result.data?.email ?? parsed.data.email });
      if (callbackUrl) next.set("callbackUrl", safeCallbackPath(callbackUrl, window.location.origin));
      router.push(`/login?${next}`);
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
      aria-label="Register"
      data-hydrated={hydrated || undefined}
    >
      <FormField
        label="Name"
        name="name"
        autoComplete="name"
        placeholder="Your full name"
        maxLength={80}
        value={values.name}
        onChange={set("name")}
        error={firstError(errors, "name")}
        required
        autoFocus
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        onChange={set("email")}
        error={firstError(errors, "email")}
        required
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="Create a password"
        value={values.password}
        onChange={set("password")}
        error={firstError(errors, "password")}
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
      />
      <FormField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Type the password again"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={firstError(errors, "confirmPassword")}
        required
      />
      <FormStatus message={message} />
      <SubmitButton disabled={!filled} pending={pending} pendingLabel="Creating your account…">
        Register
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Already have an account?{" "}
        <Link
          href={callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login"}
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Login
        </Link>
      </p>
    </form>
  );
}
