"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/auth/use-session";
import { EMAIL_FIELD, FieldsForm } from "@/components/ui/form-field";
import type { FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { updateProfileAction } from "@/lib/accounts/actions";
import { updateProfileSchema } from "@/lib/accounts/schemas";

type Field = "name" | "email" | "mobile";
type Values = Record<Field, string>;

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

/**
 * Name, email and mobile, all required (spec §5); the mobile goes through the one phone normaliser (lib/phone),
 * here and again on the server. A changed e-mail must be verified again (a new link is sent).
 */
export function ProfileForm({ initial, verified: initialVerified }: { initial: Values; verified: boolean }) {
  const router = useRouter();
  const { update } = useSession();
  const [saved, setSaved] = useState<Values>(initial);
  const [verified, setVerified] = useState(initialVerified);
  const state = useActionForm(updateProfileSchema, initial, updateProfileAction, {
    onDone: async ({ data }) => {
      if (data) {
        const next = { name: data.name, email: data.email, mobile: data.mobile };
        state.form.reset(next);
        setSaved(next);
        setVerified(data.verifyEmail);
      }
      await update();
      router.refresh();
    },
  });
  const values = state.form.watch() as Values;
  const filled = Object.values(values).every((v) => v.trim() !== "");
  const changed = (Object.keys(values) as Field[]).some((k) => values[k].trim() !== saved[k]);
  const stillVerified = verified && values.email.trim().toLowerCase() === saved.email;

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
      hint: <EmailBadge verified={stillVerified} />,
      wide: true,
    },
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
