"use client";

import { useEffect, useId } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormField, FieldError, Form, FormStatus, SubmitButton } from "@/components/ui/form-field";
import type { FormFieldProps } from "@/components/ui/form-field";
import { messageOf, useActionForm } from "@/components/ui/use-zod-form";
import { createAddressAction, updateAddressAction } from "@/lib/addresses/actions";
import {
  ADDRESS_KINDS,
  ADDRESS_LIMITS,
  ADDRESS_LABELS,
  addressFormSchema,
  toAddressFields,
  type Address,
  type AddressFormValues,
  type AddressKind,
} from "@/lib/addresses/schema";
import { useRefetchAddresses } from "./use-addresses";

type FieldName = Exclude<keyof AddressFormValues, "label">;

// Spec §3: the add form's field is named `addressline` and sent as `address_line` (the schema renames it back).
const FIELDS: (Omit<FormFieldProps, "name" | "label"> & {
  name: FieldName;
  label: string;
  wide?: boolean;
})[] = [
  {
    name: "receiver_name",
    label: ADDRESS_LABELS.receiver_name,
    labelNote: "(optional)",
    autoComplete: "name",
  },
  { name: "house", label: ADDRESS_LABELS.house, labelNote: "(optional)", autoComplete: "address-line2" },
  { name: "addressline", label: "Address Line", autoComplete: "street-address", wide: true, required: true },
  {
    name: "landmark",
    label: ADDRESS_LABELS.landmark,
    labelNote: "(optional)",
    autoComplete: "off",
    wide: true,
  },
  { name: "city", label: "City", autoComplete: "address-level2", required: true },
  { name: "state", label: "State", autoComplete: "address-level1", required: true },
  {
    name: "pincode",
    label: "Pincode",
    autoComplete: "postal-code",
    inputMode: "numeric",
    placeholder: "6 digits",
    required: true,
  },
  { name: "country", label: "Country", autoComplete: "country-name", required: true },
  {
    name: "mobile",
    label: "Mobile No.",
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    placeholder: "10-digit mobile number",
    required: true,
    wide: true,
  },
];

const MAX_LENGTH: Partial<Record<FieldName, number>> = {
  receiver_name: ADDRESS_LIMITS.receiver_name,
  house: ADDRESS_LIMITS.house,
  addressline: ADDRESS_LIMITS.address_line,
  landmark: ADDRESS_LIMITS.landmark,
  city: ADDRESS_LIMITS.city,
  state: ADDRESS_LIMITS.state,
  country: ADDRESS_LIMITS.country,
  mobile: ADDRESS_LIMITS.mobile,
};

const KIND_NAMES: Record<AddressKind, string> = { home: "Home", work: "Work", other: "Other" };

const valuesOf = (address?: Address): AddressFormValues =>
  address
    ? {
        receiver_name: address.receiverName,
        house: address.house,
        addressline: address.addressLine,
        landmark: address.landmark,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
        country: address.country,
        mobile: address.mobile,
        label: address.label ?? "",
      }
    : {
        receiver_name: "",
        house: "",
        addressline: "",
        landmark: "",
        city: "",
        state: "",
        pincode: "",
        country: "India",
        mobile: "",
        label: "",
      };

/** The server's field names as the dialog's. */
const RENAME = { address_line: "addressline" };

export type AddressDialogProps = {
  /** the address to edit (the dialog is then "Edit Address", pre-filled); none to add one */
  address?: Address;
  onClose: () => void;
  /** after a successful save, before the dialog closes (e.g. checkout selects the new address) */
  onSaved?: (address: Address) => void;
};

/**
 * The Add Address / Edit Address dialog (spec §2; phone-first issue, item 6): receiver, flat / house / floor,
 * address line, landmark, city, state, pincode, country (India to start with), mobile and a Home / Work / Other
 * label, checked with the schema the server uses (lib/addresses/schema.ts), each message under its field; the
 * server's refusals land under the same fields. An address saved before those rules (`needs_fix`) opens with its
 * problem shown. On success it toasts the server's message, refetches the address list and closes. A bottom
 * sheet on a phone with "Save address" pinned under the fields. Mount it to open it; unmount in onClose.
 */
export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const formId = `${useId()}-address-form`;
  const refetch = useRefetchAddresses();
  const editing = !!address;
  const title = editing ? "Edit Address" : "Add Address";
  const problem = address?.needsFix;
  const { form, field, submit, pending, message } = useActionForm(
    addressFormSchema,
    valuesOf(address),
    // one action per mount: Edit Address updates the address it opened with
    (address ? updateAddressAction : createAddressAction) as typeof updateAddressAction,
    {
      toInput: (values) =>
        address ? { id: address.id, ...toAddressFields(values) } : (toAddressFields(values) as never),
      rename: RENAME,
      quiet: true,
      onDone: async ({ data }) => {
        await refetch();
        onSaved?.(data);
        onClose();
      },
    },
  );

  // an address that needs fixing opens with the schema's messages under the wrong fields
  useEffect(() => {
    if (problem) void form.trigger(undefined, { shouldFocus: true });
  }, [problem, form]);

  const kindError = messageOf(form.formState.errors, "label");
  return (
    <Dialog
      title={title}
      size="lg"
      layout="form"
      testId="address-dialog"
      onClose={onClose}
      footer={
        <SubmitButton form={formId} pending={pending} pendingLabel="Saving…">
          Save address
        </SubmitButton>
      }
    >
      <Form id={formId} label={title} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {problem && (
          <p
            data-testid="address-dialog-problem"
            className="rounded-xl bg-accent-100 px-3 py-2.5 text-sm font-medium text-accent-800 sm:col-span-2"
          >
            This address needs fixing before you can order to it: {problem}
          </p>
        )}
        {FIELDS.map(({ wide, ...spec }) => (
          <div key={spec.name} className={wide ? "sm:col-span-2" : undefined}>
            <FormField maxLength={MAX_LENGTH[spec.name]} {...spec} {...field(spec.name)} />
          </div>
        ))}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-ink">
            Save as <span className="font-normal text-muted">(optional)</span>
          </legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {ADDRESS_KINDS.map((kind) => (
              <label key={kind} className="relative">
                <input
                  type="radio"
                  value={kind}
                  {...form.register("label")}
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                />
                <span className="flex h-11 min-w-20 items-center justify-center rounded-full border border-line bg-canvas px-4 text-sm font-semibold text-ink transition-colors peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-700 peer-focus-visible:ring-4 peer-focus-visible:ring-brand-500/30">
                  {KIND_NAMES[kind]}
                </span>
              </label>
            ))}
          </div>
          {kindError && <FieldError>{kindError}</FieldError>}
        </fieldset>
        <div className="sm:col-span-2">
          <FormStatus message={message} />
        </div>
      </Form>
    </Dialog>
  );
}
