"use client";

import { lazy, Suspense, useState } from "react";
import { AddressKindBadge, FixAddress } from "@/components/address/address-bits";
import type { Address } from "@/lib/addresses/schema";

// The dialog and its form schema load when it first opens, keeping them off checkout's first-load JavaScript.
const AddressDialog = lazy(() =>
  import("@/components/address/address-dialog").then((m) => ({ default: m.AddressDialog })),
);

/** "Choose your address" (spec §2 Checkout): a radio per active address and Add address, which picks the new one. */
export function AddressChoice({
  addresses,
  value,
  onChange,
  canAdd,
  adding,
  setAdding,
}: {
  addresses: Address[];
  value: string | null;
  onChange: (addressId: string) => void;
  /** false until the page is interactive (a click on server HTML would be lost) */
  canAdd: boolean;
  /** the Add address dialog is open (checkout opens it itself when there is no address to deliver to) */
  adding: boolean;
  setAdding: (open: boolean) => void;
}) {
  const [fixing, setFixing] = useState<Address | null>(null);

  return (
    <section
      aria-labelledby="choose-address"
      className="rounded-2xl border border-line bg-white p-4 md:col-start-1 md:row-start-1 md:p-5"
      data-testid="checkout-addresses"
    >
      <h2 id="choose-address" className="text-lg font-bold text-ink">
        Choose your address
      </h2>
      <fieldset className="mt-3 flex flex-col gap-3">
        <legend className="sr-only">Delivery address</legend>
        {addresses.map((address) => (
          <div key={address.id} className="flex flex-col gap-1">
            <label
              data-testid="checkout-address"
              className="relative flex cursor-pointer gap-3 rounded-xl border border-line p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              {/* the radio is the whole card (a 44 px target, issue 21 item 5), transparent over it; the dot is drawn */}
              <input
                type="radio"
                name="address"
                value={address.id}
                checked={value === address.id}
                onChange={() => onChange(address.id)}
                className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 focus-visible:outline-none"
              />
              <span
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 rounded-full border-2 border-muted/50 bg-white peer-checked:border-[5px] peer-checked:border-brand-600"
              />
              <span className="flex flex-col gap-0.5 text-ink">
                {address.label && <AddressKindBadge kind={address.label} />}
                <span className="font-semibold">
                  {address.house ? `${address.house}, ` : ""}
                  {address.addressLine}
                </span>
                <span>
                  {address.city}, {address.state}
                </span>
                <span>
                  {address.country} - {address.pincode}
                </span>
                <span className="text-muted">{address.mobile}</span>
              </span>
            </label>
            {address.needsFix && <FixAddress problem={address.needsFix} onFix={() => setFixing(address)} />}
          </div>
        ))}
        <button
          type="button"
          onClick={() => setAdding(true)}
          disabled={!canAdd}
          className="flex h-16 items-center justify-center rounded-xl border-2 border-dashed border-line text-sm font-semibold text-muted hover:border-brand-500 hover:text-brand-700"
        >
          Add address
        </button>
      </fieldset>
      <Suspense fallback={null}>
        {fixing && (
          <AddressDialog
            address={fixing}
            onClose={() => setFixing(null)}
            onSaved={(address) => onChange(address.id)}
          />
        )}
        {adding && (
          <AddressDialog onClose={() => setAdding(false)} onSaved={(address) => onChange(address.id)} />
        )}
      </Suspense>
    </section>
  );
}
