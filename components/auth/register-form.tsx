"use client";

import { useRouter } from "next/navigation";
import { AuthLink } from "./auth-link";
import { EMAIL_FIELD, FieldsForm, passwordField } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { registerAction } from "@/lib/accounts/actions";
import { PASSWORD_MIN, registerSchema } from "@/lib/accounts/schemas";
import { safeCallbackPath } from "./safe-callback";

type Field = "name" | "email" | "password" | "confirmPassword";
const EMPTY: Record<Field, string> = { name: "", email: "", password: "", confirmPassword: "" };

const FIELDS: FieldSpec<Field>[] = [
  {
    name: "name",
    label: "Name",
    autoComplete: "name",
    placeholder: "Your full name",
    maxLength: 80,
    autoFocus: true,
  },
  { name: "email", ...EMAIL_FIELD },
  {
    name: "password",
    ...passwordField("Password", "new", "Create a password"),
    hint: `At least ${PASSWORD_MIN} characters.`,
  },
  { name: "confirmPassword", ...passwordField("Confirm Password", "new", "Type the password again") },
];

/**
 * Registration. A password mismatch is caught here, before any call. On success the shopper goes on to /login
 * with the e-mail filled in (and the callbackUrl kept), as the account flow register → login expects.
 */
export function RegisterForm({ callbackUrl }: { callbackUrl?: string }) {
  const router = useRouter();
  const state = useActionForm(registerSchema, EMPTY, registerAction, {
    onDone: ({ data }, values) => {
      const next = new URLSearchParams({ email: data?.email ?? values.email });
      if (callbackUrl) next.set("callbackUrl", safeCallbackPath(callbackUrl, window.location.origin));
      router.push(`/login?${next}`);
    },
  });
  const values = state.form.watch();
  const missing = (Object.keys(EMPTY) as Field[]).some((k) => !values[k]?.trim());

  return (
    <FieldsForm
      label="Register"
      state={state}
      specs={FIELDS}
      disabled={missing}
      submitLabel="Register"
      pendingLabel="Creating your account…"
    >
      <AuthLink
        prompt="Already have an account?"
        href={callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login"}
      >
        Login
      </AuthLink>
    </FieldsForm>
  );
}
