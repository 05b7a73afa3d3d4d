"use client";

import { Dialog } from "@/components/ui/dialog";
import { Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { markDeliveredByHandAction } from "@/lib/orders/actions";
import { deliveredByHandSchema } from "@/lib/orders/schemas";

const QUICK_REASONS = ["Customer confirmed on the phone", "Code locked after wrong tries", "Partner's app is down"];

/**
 * The board's "Delivered": an order marked delivered by the store, without the shopper's door code, always says why
 * (kept on the order's timeline).
 */
export function DeliveredByHandDialog({
  orderId,
  onClose,
  onDone,
}: {
  orderId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const state = useActionForm(deliveredByHandSchema, { orderId, reason: "" }, markDeliveredByHandAction, {
    onDone,
  });
  const { form, field, submit, pending, message } = state;
  return (
    <Dialog
      title={`Mark ${orderId} delivered`}
      onClose={onClose}
      size="sm"
      testId="delivered-dialog"
      description="The partner did not enter the shopper's door code. Say why you are marking it delivered; it is kept on the order's timeline."
    >
      <Form label={`Mark ${orderId} delivered`} onSubmit={submit}>
        <div className="flex flex-wrap gap-2">
          {QUICK_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => form.setValue("reason", r, { shouldValidate: form.formState.isSubmitted })}
              className="h-9 rounded-full border border-line px-3 text-sm text-ink hover:border-brand-500"
            >
              {r}
            </button>
          ))}
        </div>
        <FormField label="Reason" maxLength={300} placeholder="Why it is delivered without the code" {...field("reason")} />
        <FormStatus message={message} />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Mark delivered
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
