"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormField, SubmitButton } from "@/components/ui/form-field";
import { ScooterIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { normalisePhone, PHONE_MESSAGE } from "@/lib/phone";

export { preloadDialog } from "@/components/ui/dialog";

// Spec §5: the same words as the server (lib/partners/register-partner.ts).
export const REQUIRED_MESSAGE = "Name and phone are required";
const FAILED_MESSAGE = "Could not send your application. Please try again.";

type Field = "name" | "phone" | "vehicle";
type Values = Record<Field, string>;
const EMPTY: Values = { name: "", phone: "", vehicle: "" };

/**
 * The delivery-partner application (spec §2 registration modal): name, phone and an optional vehicle, checked
 * here before anything is sent. A refusal is shown in the form and as a toast; success toasts and closes (the
 * parent unmounts it, which also resets the form).
 */
export function PartnerApplyDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<{ message: string; fields: Field[] } | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = `${useId()}-error`;
  // this dialog's error toasts, dismissed when it closes (they would otherwise outlive it)
  const toastIds = useRef(new Set<string | number>());

  useEffect(() => {
    const ids = toastIds.current;
    return () => {
      for (const t of ids) toast.dismiss(t);
      ids.clear();
    };
  }, []);

  const fail = (message: string, fields: Field[]) => {
    setError({ message, fields });
    toastIds.current.add(toast.error(message));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const name = values.name.trim();
    const phone = values.phone.trim();
    if (!name || !phone) {
      fail(REQUIRED_MESSAGE, [!name && "name", !phone && "phone"].filter(Boolean) as Field[]);
      return;
    }
    if (!normalisePhone(phone)) {
      fail(`${PHONE_MESSAGE} (for example 98765 43210 or +91 98765 43210)`, ["phone"]);
      return;
    }

    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/delivery-partner/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name, phone, vehicle: values.vehicle.trim() || undefined }),
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        fieldErrors?: Partial<Record<Field, string[]>>;
      } | null;
      if (response.ok) {
        toast.success(body?.message ?? "Thank you for registering!");
        onClose();
        return;
      }
      const fields = Object.keys(body?.fieldErrors ?? {}).filter((k): k is Field => k in EMPTY);
      fail(body?.message ?? FAILED_MESSAGE, fields);
    } catch {
      fail(FAILED_MESSAGE, []);
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field) => {
    const invalid = !!error?.fields.includes(name);
    return {
      name,
      value: values[name],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
        setValues((v) => ({ ...v, [name]: e.target.value })),
      invalid,
      describedBy: invalid ? errorId : undefined,
    };
  };

  return (
    <Dialog
      title="Become a delivery partner"
      icon={
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-100 text-brand-700">
          <ScooterIcon className="size-7" />
        </span>
      }
      description="Deliver groceries in your neighbourhood and earn on your own schedule. We will call you back."
      testId="partner-dialog"
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label="Name"
          {...field("name")}
          autoComplete="name"
          placeholder="Your full name"
          maxLength={80}
          autoFocus
        />
        <FormField
          label="Phone"
          {...field("phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          maxLength={20}
        />
        <FormField
          label="Vehicle"
          labelNote="(optional)"
          {...field("vehicle")}
          placeholder="Bike, scooter, bicycle…"
          maxLength={40}
        />

        {error && (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {error.message}
          </p>
        )}

        <SubmitButton pending={pending} pendingLabel="Sending…">
          Submit application
        </SubmitButton>
      </form>
    </Dialog>
  );
}
