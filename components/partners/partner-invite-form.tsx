"use client";

import { useRouter } from "next/navigation";
import { Form, FormField, FormStatus, passwordField, SubmitButton } from "@/components/ui/form-field";
import type { ServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import { acceptPartnerInviteAction } from "@/lib/partners/actions";
import { PASSWORD_MIN } from "@/lib/accounts/schemas";
import { acceptInviteSchema, type AcceptInviteValues } from "@/lib/partners/schema";

/**
 * An invitation's set-password form (a partner's, issue 17; a store staff member's, issue 16): the registration's
 * rules (length here and on the server, a common password refused by the server under the field). Once set, the login
 * page with the e-mail filled in, and `home` after signing in: signing in once with the new password confirms it.
 */
export function InvitePasswordForm({
  token,
  email,
  action,
  home,
}: {
  token: string;
  email: string;
  action: ServerAction<AcceptInviteValues, { email: string }>;
  home: string;
}) {
  const router = useRouter();
  const state = useActionForm(acceptInviteSchema, { token, password: "", confirmPassword: "" }, action, {
    leaving: true,
    onDone: () => router.replace(`/login?email=${encodeURIComponent(email)}&callbackUrl=${encodeURIComponent(home)}`),
  });
  return (
    <Form label="Set your password" onSubmit={state.submit}>
      <FormField
        {...passwordField("Password", "new", `At least ${PASSWORD_MIN} characters`)}
        {...state.field("password")}
        hint="Use a few unrelated words; common passwords are refused."
        required
        autoFocus
      />
      <FormField
        {...passwordField("Confirm password", "new", "Type it again")}
        {...state.field("confirmPassword")}
        required
      />
      <FormStatus message={state.message} />
      <SubmitButton pending={state.pending} pendingLabel="Saving…">
        Set password
      </SubmitButton>
    </Form>
  );
}

/** The partner's invitation (issue 17): the partner app after signing in. */
export function PartnerInviteForm({ token, email }: { token: string; email: string }) {
  return <InvitePasswordForm token={token} email={email} action={acceptPartnerInviteAction} home="/partner" />;
}
