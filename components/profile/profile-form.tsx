"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/auth/use-session";
import { EMAIL_FIELD, FieldsForm, passwordField } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { updateProfileAction } from "@/lib/accounts/actions";
import { updateProfileSchema } from "@/lib/accounts/schemas";

type Detail = "name" | "email" | "mobile";
type Values = Record<Detail, string>;
/** the current password is asked for only while the e-mail differs (issue 20 #4) */
type Field = Detail | "currentPassword";
const DETAILS: Detail[] = ["name", "email", "mobile"];

/** Shows whether the e-mail is verified (decisions.md: the link in the registration e-mail verifies it). */
export function EmailBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span
      data-testid="email-status"
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700"
    >
      <span aria-hidden="true">✓</span> Email verified
    </span>
  ) : (
    <span
      data-testid="email-status"
      className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800"
    >
      <span aria-hidden="true">!</span> Email not verified
    </span>
  );
}

/** An e-mail change waiting for its link (issue 20 #4): the account keeps its e-mail until the link is opened. */
export function PendingEmail({ email }: { email: string }) {
  return (
    <span data-testid="email-pending" className="mt-1 block text-xs font-semibold text-accent-800">
      pending: {email} — check your inbox
    </span>
  );
}

/**
 * Name, email and mobile, all required (spec §5); the mobile goes through the one phone normaliser (lib/phone),
 * here and again on the server. A different e-mail needs the current password and changes only once the link sent
 * to the new address is opened (issue 20 #4); until then the profile shows it as pending.
 */
export function ProfileForm({
  initial,
  verified: initialVerified,
  pendingEmail: initialPending = null,
}: {
  initial: Values;
  verified: boolean;
  pendingEmail?: string | null;
}) {
  const router = useRouter();
  const { update } = useSession();
  const [saved, setSaved] = useState<Values>(initial);
  const [verified, setVerified] = useState(initialVerified);
  const [pending, setPending] = useState<string | null>(initialPending);
  const state = useActionForm(updateProfileSchema, { ...initial, currentPassword: "" }, updateProfileAction, {
    onDone: async ({ data }) => {
      if (data) {
        const next = { name: data.name, email: data.email, mobile: data.mobile };
        state.form.reset({ ...next, currentPassword: "" });
        setSaved(next);
        setVerified(data.verifyEmail);
        setPending(data.pendingEmail);
      }
      await update();
      router.refresh();
    },
  });
  const values = state.form.watch() as Values & { currentPassword?: string };
  const emailDiffers = values.email.trim().toLowerCase() !== saved.email;
  const filled =
    DETAILS.every((k) => values[k].trim() !== "") && (!emailDiffers || (values.currentPassword ?? "") !== "");
  const changed = DETAILS.some((k) => values[k].trim() !== saved[k]);
  const stillVerified = verified && !emailDiffers;

  const fields: FieldSpec<Field>[] = [
    { name: "name", label: "Name", autoComplete: "name", maxLength: 80 },
    {
      name: "mobile",
      label: "Mobile",
      type: "tel",
      inputMode: "tel",
      autoComplete: "tel-national",
      placeholder: "10-digit mobile number",
      maxLength: 20,
      hint: "+91, a leading 0 and spaces are fine.",
    },
    {
      name: "email",
      ...EMAIL_FIELD,
      placeholder: undefined,
      hint: (
        <>
          <EmailBadge verified={stillVerified} />
          {pending && <PendingEmail email={pending} />}
        </>
      ),
      wide: true,
    },
    ...(emailDiffers
      ? [
          {
            name: "currentPassword" as const,
            ...passwordField("Current password", "current"),
            hint: "Needed to change your e-mail. We will send a link to the new address.",
            wide: true,
          },
        ]
      : []),
  ];

  return (
    <FieldsForm
      label="Profile details"
      state={state}
      specs={fields}
      columns={2}
      disabled={!filled || !changed}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      buttonWidth="sm:w-44"
    />
  );
}
