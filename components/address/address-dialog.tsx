"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormField, SubmitButton } from "@/components/ui/form-field";
import { useServerAction } from "@/components/ui/use-action";
import { createAddressAction, updateAddressAction } from "@/lib/addresses/actions";
import type { Address } from "@/lib/addresses/schema";
import { useRefetchAddresses } from "./use-addresses";

// Spec §3: the add form's field is named `addressline` and sent as `address_line`.
type FieldName = "addressline" | "city" | "state" | "pincode" | "country" | "mobile";
type Values = Record<FieldName, string>;

const FIELDS: {
  name: FieldName;
  label: string;
  sent: string;
  autoComplete: string;
  inputMode?: "numeric" | "tel";
}[] = [
  { name: "addressline", label: "Address Line", sent: "address_line", autoComplete: "street-address" },
  { name: "city", label: "City", sent: "city", autoComplete: "address-level2" },
  { name: "state", label: "State", sent: "state", autoComplete: "address-level1" },
  { name: "pincode", label: "Pincode", sent: "pincode", autoComplete: "postal-code", inputMode: "numeric" },
  { name: "country", label: "Country", sent: "country", autoComplete: "country-name" },
  { name: "mobile", label: "Mobile No.", sent: "mobile", autoComplete: "tel", inputMode: "tel" },
];

const EMPTY: Values = { addressline: "", city: "", state: "", pincode: "", country: "", mobile: "" };

const valuesOf = (address?: Address): Values =>
  address
    ? {
        addressline: address.addressLine,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
        country: address.country,
        mobile: address.mobile,
      }
    : EMPTY;

export type AddressDialogProps = {
  /** the address to edit (the dialog is then "Edit Address", pre-filled); none to add one */
  address?: Address;
  onClose: () => void;
  /** after a successful save, before the dialog closes (e.g. checkout selects the new address) */
  onSaved?: (address: Address) => void;
};

/**
 * The Add Address / Edit Address dialog (spec §2, §5): address line, city, state, pincode, country and mobile,
 * all required, with no format rules or messages of its own; the server's message is toasted when it refuses.
 * On success it toasts the server's message, refetches the ["addresses"] list and closes. Mount it to open it;
 * unmount in onClose.
 */
export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(address));
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const refetch = useRefetchAddresses();
  const saved = {
    onFailure: (failure: { fieldErrors?: Record<string, string[]> }) =>
      setInvalid(new Set(Object.keys(failure.fieldErrors ?? {}))),
  };
  const create = useServerAction(createAddressAction, saved);
  const update = useServerAction(updateAddressAction, saved);
  const pending = create.pending || update.pending;
  const editing = !!address;
  const title = editing ? "Edit Address" : "Add Address";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const payload: Record<string, string> = {};
    for (const field of FIELDS) payload[field.sent] = values[field.name];
    const result = editing
      ? await update.run({ id: address.id, ...payload })
      : await create.run(payload as Parameters<typeof create.run>[0]);
    if (!result.ok) return;
    await refetch();
    onSaved?.(result.data);
    onClose();
  }

  return (
    <Dialog title={title} size="lg" testId="address-dialog" onClose={onClose}>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "addressline" ? "sm:col-span-2" : undefined}>
            <FormField
              label={field.label}
              name={field.name}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              required
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              type={field.name === "mobile" ? "tel" : "text"}
              invalid={invalid.has(field.sent)}
            />
          </div>
        ))}
        <div className="mt-1 sm:col-span-2">
          <SubmitButton pending={pending} pendingLabel="Saving…">
            Submit
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
