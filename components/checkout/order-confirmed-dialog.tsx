"use client";

import { useId, useRef } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { CheckIcon } from "@/components/ui/icons";
import type { DeliveryPartnerDto } from "@/lib/orders/types";

export const CASH_NOTE =
  "Cash on Delivery: Please keep exact change ready. Your delivery partner will contact you shortly.";

/**
 * The Order Confirmed modal (spec §2): shown after a cash-on-delivery order when a delivery partner was
 * assigned — order id, partner name, phone and ETA, the cash note, Close and Call Partner (a tel: link).
 * A native modal <dialog>; closing it in any way (Close, Escape, backdrop) calls onClose.
 */
export function OrderConfirmedDialog({
  orderId,
  partner,
  onClose,
}: {
  orderId: string;
  partner: DeliveryPartnerDto;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
      aria-labelledby={`${id}-title`}
      data-testid="order-confirmed-dialog"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
    >
      <div className="p-6">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <CheckIcon className="size-8" />
          </span>
          <h2 id={`${id}-title`} className="mt-3 text-xl font-bold tracking-tight">
            Order Confirmed
          </h2>
          <p className="mt-1 text-sm text-muted">
            Order ID <span className="font-semibold text-ink" data-testid="confirmed-order-id">{orderId}</span>
          </p>
        </div>

        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-canvas p-4 text-sm">
          <dt className="text-muted">Delivery partner</dt>
          <dd className="font-semibold" data-testid="confirmed-partner-name">{partner.name}</dd>
          <dt className="text-muted">Phone</dt>
          <dd className="font-semibold" data-testid="confirmed-partner-phone">{partner.phone}</dd>
          <dt className="text-muted">Arriving in</dt>
          <dd className="font-semibold text-brand-700" data-testid="confirmed-eta">{partner.eta}</dd>
        </dl>

        <p className="mt-4 rounded-xl bg-accent-50 p-3 text-sm text-ink">{CASH_NOTE}</p>

        <div className="mt-5 grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="h-11 rounded-xl border border-line text-sm font-bold text-ink hover:bg-canvas"
          >
            Close
          </button>
          <a
            href={`tel:${partner.phone}`}
            className="flex h-11 items-center justify-center rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700"
          >
            Call Partner
          </a>
        </div>
      </div>
    </dialog>
  );
}
