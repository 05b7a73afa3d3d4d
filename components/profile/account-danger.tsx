"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-zod-form";
import { deleteAccountAction } from "@/lib/accounts/actions";
import { deleteAccountSchema } from "@/lib/accounts/schemas";
import { GENERIC_FAILURE_MESSAGE as GENERIC_FAILURE } from "@/lib/errors";
import { Form, FormField, FormStatus, passwordField, SubmitButton } from "@/components/ui/form-field";
import { useLogout } from "@/components/auth/use-logout";

/** Ends every session of this account on every device (tokens too), then this one. */
export function LogoutAllButton() {
  const { logout, pending: loggingOut } = useLogout();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      const response = await fetch("/api/user/logout-all", { method: "POST" });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) {
        toast.error(body?.message ?? GENERIC_FAILURE);
        return;
      }
      await logout(body?.message ?? "Logged out on every device");
    } catch {
      toast.error(GENERIC_FAILURE);
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={run}
      disabled={pending || loggingOut}
      className="inline-flex h-11 items-center justify-center rounded-xl border border-line bg-white px-5 text-sm font-bold text-ink transition-colors hover:border-brand-500 hover:text-brand-700 disabled:opacity-60"
    >
      {pending || loggingOut ? "Logging out…" : "Log out of all devices"}
    </button>
  );
}

/**
 * Deletes the account after the password is confirmed: name, e-mail, mobile, avatar, addresses and cart are
 * erased; past orders stay, anonymised. Then this device logs out and goes home.
 */
export function DeleteAccountForm() {
  const { logout } = useLogout();
  const [understood, setUnderstood] = useState(false);
  const { form, field, submit, pending, message } = useActionForm(
    deleteAccountSchema,
    { password: "" },
    deleteAccountAction,
    {
      leaving: true,
      toastSuccess: false,
      rename: { currentPassword: "password" },
      onDone: ({ message }) => logout(message),
    },
  );
  const password = form.watch("password");

  return (
    <Form label="Delete account" onSubmit={(event) => (understood ? submit(event) : event.preventDefault())}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-red-800">
        <li>Your name, e-mail, mobile number, picture, saved addresses and cart are erased for good.</li>
        <li>Past orders stay on record without your details; this cannot be undone.</li>
        <li>You are logged out everywhere.</li>
      </ul>
      <div className="max-w-sm">
        <FormField
          {...passwordField("Confirm with your password", "current")}
          {...field("password")}
          required
        />
      </div>
      <label className="flex items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          className="mt-0.5 size-4 accent-red-600"
        />
        I understand that my account will be deleted permanently.
      </label>
      <FormStatus message={message} />
      <div className="w-full sm:w-56">
        <SubmitButton
          tone="danger"
          disabled={!password || !understood}
          pending={pending}
          pendingLabel="Deleting…"
        >
          Delete my account
        </SubmitButton>
      </div>
    </Form>
  );
}
