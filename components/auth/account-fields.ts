import type { FieldSpec } from "@/components/ui/form-field";
import { PASSWORD_MIN } from "@/lib/accounts/schemas";

// Fields the account screens share (login, register, forgot and reset password, profile), written once.

export const EMAIL_FIELD = {
  label: "Email",
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  placeholder: "you@example.com",
} satisfies Partial<FieldSpec<string>>;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

/** A password box: the current one (to sign in or confirm) or a new one (password managers offer to make one). */
export const passwordField = (label: string, kind: "current" | "new", placeholder?: string) =>
  ({ label, type: "password", autoComplete: `${kind}-password`, placeholder }) satisfies Partial<
    FieldSpec<string>
  >;
