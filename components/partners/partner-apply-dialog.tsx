"use client";

import { useEffect, useId } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Form, FormField, SubmitButton } from "@/components/ui/form-field";
import { ScooterIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { failureText } from "@/components/ui/use-action";
import { formMessage, messageOf, useActionForm } from "@/components/ui/use-zod-form";
import { registerPartnerAction } from "@/lib/partners/actions";
import { NAME_MAX, partnerApplicationSchema, VEHICLE_MAX } from "@/lib/partners/schema";

export { preloadDialog } from "@/components/ui/dialog";

/**
 * The delivery-partner application (spec §2 registration modal): name, phone and an optional vehicle, checked with
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
  } = useActionForm(partnerApplicationSchema, { name: "", phone: "", vehicle: "" }, registerPartnerAction, {
    onDone: onClose,
    onFailure: (failure) => fail(failureText(failure)),
    onInvalid: fail,
  });

  // the pair's message ("Name and phone are required") is said once, for both fields
  const errors = form.formState.errors;
  const pairMessage = messageOf(errors, "");
  const message = pairMessage ?? formMessage(form);
  const field = (name: "name" | "phone" | "vehicle") => {
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
