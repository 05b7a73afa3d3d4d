"use client";

import { useRouter } from "next/navigation";
import { Form, FormField, FormStatus, passwordField, SubmitButton } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { acceptPartnerInviteAction } from "@/lib/partners/actions";
import { PASSWORD_MIN } from "@/lib/accounts/schemas";
import { acceptInviteSchema } from "@/lib/partners/schema";

/**
 * The invitation's set-password form (issue 17): the registration's rules (length here and on the server, a common
 * password refused by the server under the field). Once set, the partner goes to the login page with their e-mail
 * filled in and lands in the partner app after signing in: signing in once with the new password confirms it.
 */
export function PartnerInviteForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const state = useActionForm(
    acceptInviteSchema,
    { token, password: "", confirmPassword: "" },
    acceptPartnerInviteAction,
    {
      leaving: true,
      onDone: () =>
        router.replace(`/login?email=${encodeURIComponent(email)}&callbackUrl=${encodeURIComponent("/partner")}`),
    },
  );
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
