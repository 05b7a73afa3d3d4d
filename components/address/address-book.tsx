"use client";

import { useRef, useState } from "react";
import { useServerAction } from "@/components/ui/use-action";
import { disableAddressAction } from "@/lib/addresses/actions";
import type { Address } from "@/lib/addresses/schema";
import { AddressDialog } from "./address-dialog";
import { AddressKindBadge, FixAddress } from "./address-bits";
import { PencilIcon, PinIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { useAddresses, useRefetchAddresses } from "./use-addresses";

/** Spec §8: removing an address toasts this fixed text. */

type DialogState = { mode: "add" } | { mode: "edit"; address: Address } | null;

/**
 * The address page (spec §2): the header with Add Address, one card per active address (address line, city,
 * state, country with pincode, mobile, edit and remove), and a dashed Add address tile at the bottom.
 */
export function AddressBook({ initial }: { initial: Address[] }) {
  const { data: addresses = [], isError } = useAddresses(initial);
  const [dialog, setDialog] = useState<DialogState>(null);
  const opener = useRef<HTMLElement | null>(null);

  function open(state: DialogState, from: HTMLElement) {
    opener.current = from;
    setDialog(state);
  }

  return (
    <section>
      <div className="flex items-center justify-between gap-4 border-b border-line pb-4">
        <h1 className="text-xl font-bold tracking-tight text-ink md:text-2xl">Address</h1>
        <button
          type="button"
          onClick={(e) => open({ mode: "add" }, e.currentTarget)}
          className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-brand-600 px-4 text-sm font-bold text-brand-700 transition-colors hover:bg-brand-600 hover:text-white"
        >
          Add Address
        </button>
      </div>

      {isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          We could not load your addresses. Please reload the page.
        </p>
      )}

      <ul className="mt-5 grid gap-3" data-testid="address-list">
        {addresses
          .filter((a) => a.active)
          .map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={(e) => open({ mode: "edit", address }, e.currentTarget)}
            />
          ))}
      </ul>

      <button
        type="button"
        onClick={(e) => open({ mode: "add" }, e.currentTarget)}
        data-testid="add-address-tile"
        className="mt-3 flex h-20 w-full items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line bg-canvas text-base font-semibold text-muted transition-colors hover:border-brand-400 hover:text-brand-700"
      >
        <PlusIcon className="size-5" />
        Add address
      </button>

      {dialog && (
        <AddressDialog
          address={dialog.mode === "edit" ? dialog.address : undefined}
          onClose={() => {
            setDialog(null);
            opener.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function AddressCard({
  address,
  onEdit,
}: {
  address: Address;
  onEdit: (e: React.MouseEvent<HTMLElement>) => void;
}) {
  const refetch = useRefetchAddresses();
  const disable = useServerAction(disableAddressAction);
  const removing = disable.pending;

  async function remove() {
    if ((await disable.run({ id: address.id })).ok) await refetch();
  }

  const summary = `${address.addressLine}, ${address.city}`;
  return (
    <li
      data-testid="address-card"
      className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 shadow-[0_1px_3px_rgba(0,0,0,0.04)]"
    >
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <PinIcon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm text-ink">
        {address.label && <AddressKindBadge kind={address.label} />}
        {address.house && <p className="break-words">{address.house}</p>}
        <p className="font-semibold break-words">{address.addressLine}</p>
        {address.landmark && <p className="break-words text-muted">Near {address.landmark}</p>}
        <p>{address.city}</p>
        <p>{address.state}</p>
        <p>
          {address.country} - {address.pincode}
        </p>
        <p className="text-muted">
          {address.receiverName ? `${address.receiverName} · ` : ""}
          {address.mobile}
        </p>
        {address.needsFix && <FixAddress problem={address.needsFix} onFix={onEdit} />}
      </div>
      <div className="flex shrink-0 gap-1.5">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit address ${summary}`}
          className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 transition-colors hover:bg-brand-600 hover:text-white"
        >
          <PencilIcon className="size-4" />
        </button>
        <button
          type="button"
          onClick={remove}
          disabled={removing}
          aria-label={`Remove address ${summary}`}
          className="flex size-9 items-center justify-center rounded-lg bg-red-50 text-red-600 transition-colors hover:bg-red-600 hover:text-white disabled:opacity-50"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
    </li>
  );
}
