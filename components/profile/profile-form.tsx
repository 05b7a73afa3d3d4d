"use client";

import { useSession } from "@/components/auth/use-session";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { updateProfileAction } from "@/lib/accounts/actions";
import { firstError } from "@/lib/actions/result";
import { issuesToFieldErrors } from "@/lib/http/parse";
import { GENERIC_FAILURE_MESSAGE as GENERIC_FAILURE } from "@/lib/errors";
import { FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { updateProfileSchema } from "@/lib/accounts/schemas";
import { useFormFields } from "@/components/auth/use-form-fields";
import { useHydrated } from "@/components/ui/use-hydrated";

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
  const hydrated = useHydrated();
  const router = useRouter();
  const { update } = useSession();
  const { values, setValues, errors, message, pending, setPending, set, fail, begin } =
    useFormFields<Field>(initial);
  const [saved, setSaved] = useState<Values>(initial);
  const [verified, setVerified] = useState(initialVerified);
  const filled = Object.values(values).every((v) => v.trim() !== "");
  const changed = (Object.keys(values) as Field[]).some((k) => values[k].trim() !== saved[k]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success) {
      fail(
        parsed.error.issues[0]?.message ?? "Check the form",
        issuesToFieldErrors(parsed.error.issues, "form"),
      );
      return;
    }
    begin();
    try {
      const result = await callAction(updateProfileAction, parsed.data);
      if (!result.ok) {
        fail(failureText(result), result.fieldErrors);
        return;
      }
      toast.success(result.message);
      if (result.data) {
        const next = { name: result.data.name, email: result.data.email, mobile: result.data.mobile };
        setValues(next);
        setSaved(next);
        setVerified(result.data.verifyEmail);
      }
      await update();
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
      aria-label="Profile details"
      data-hydrated={hydrated || undefined}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={80}
          value={values.name}
          onChange={set("name")}
          error={firstError(errors, "name")}
          required
        />
        <FormField
          label="Mobile"
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={20}
          value={values.mobile}
          onChange={set("mobile")}
          error={firstError(errors, "mobile")}
          hint="+91, a leading 0 and spaces are fine."
          required
        />
        <div className="md:col-span-2">
          <FormField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={set("email")}
            error={firstError(errors, "email")}
            hint={<EmailBadge verified={verified && values.email.trim().toLowerCase() === saved.email} />}
            required
          />
        </div>
      </div>
      <FormStatus message={message} />
      <div className="flex justify-end">
        <div className="w-full sm:w-44">
          <SubmitButton disabled={!filled || !changed} pending={pending} pendingLabel="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
