"use client";

import { useEffect, useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { EMAIL_FIELD, Form, FormField, inputClass, SubmitButton } from "@/components/ui/form-field";
import { ScooterIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { formMessage, messageOf, useActionForm } from "@/components/ui/use-zod-form";
import { partnerStoresAction, registerPartnerAction } from "@/lib/partners/actions";
import { NAME_MAX, partnerApplicationSchema, VEHICLE_MAX } from "@/lib/partners/schema";

export { preloadDialog } from "@/components/ui/dialog";

type StoreOption = { id: string; name: string; area: string };

/** The dark stores to choose from (issue 17), loaded when the dialog opens; empty while loading or when unreachable. */
function useStores(): StoreOption[] {
  const [stores, setStores] = useState<StoreOption[]>([]);
  useEffect(() => {
    let live = true;
    void callAction(partnerStoresAction, undefined).then((r) => {
      if (live && r.ok) setStores(r.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return stores;
}

/**
 * The delivery-partner application (spec §2 registration modal): name, phone and an optional vehicle (issue 17: and an
 * optional e-mail, where the invitation goes once approved, and the store to ride for), checked with
 * the schema the server uses (lib/partners/schema.ts) before anything is sent. A missing name or phone is the one
 * message "Name and phone are required" (spec §5) with both fields marked; any other problem is said under its
 * field, and every refusal is also a toast. Success toasts and closes (the parent unmounts it, which also resets it).
 */
export function PartnerApplyDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  // this dialog's error toast (one at a time), dismissed when it closes (it would otherwise outlive it)
  const toastId = `${id}-toast`;
  useEffect(() => () => toast.dismiss(toastId), [toastId]);
  const fail = (message: string) => void toast.error(message, { id: toastId });

  const {
    form,
    field: bind,
    submit,
  } = useActionForm(
    partnerApplicationSchema,
    { name: "", phone: "", vehicle: "", email: "", storeId: "" },
    registerPartnerAction,
    {
      onDone: onClose,
      onFailure: (failure) => fail(failureText(failure)),
      onInvalid: fail,
    },
  );
  const stores = useStores();
  const storeSelectId = `${id}-store`;

  // the pair's message ("Name and phone are required") is said once, for both fields
  const errors = form.formState.errors;
  const pairMessage = messageOf(errors, "");
  const message = pairMessage ?? formMessage(form);
  const field = (name: "name" | "phone" | "vehicle" | "email") => {
    const bound = bind(name);
    return pairMessage || !bound.error
      ? { ...bound, error: undefined, invalid: !!bound.error, describedBy: bound.error ? errorId : undefined }
      : bound;
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
      <Form label="Become a delivery partner" onSubmit={submit}>
        <FormField
          label="Name"
          {...field("name")}
          autoComplete="name"
          placeholder="Your full name"
          maxLength={NAME_MAX}
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
          maxLength={VEHICLE_MAX}
        />
        <FormField
          {...EMAIL_FIELD}
          label="Email"
          labelNote="(optional)"
          {...field("email")}
          hint="Once approved, we e-mail you a link to set your password for the partner app."
          maxLength={254}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={storeSelectId} className="text-sm font-semibold text-ink">
            Store <span className="font-normal text-muted">(optional)</span>
          </label>
          <select
            id={storeSelectId}
            {...form.register("storeId")}
            aria-invalid={errors.storeId ? true : undefined}
            className={`${inputClass} h-11`}
          >
            <option value="">Any store near me</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.area})
              </option>
            ))}
          </select>
          {errors.storeId?.message && (
            <p role="alert" className="text-sm text-red-700">
              {errors.storeId.message}
            </p>
          )}
        </div>

        {message && (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {message}
          </p>
        )}

        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending…">
          Submit application
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
