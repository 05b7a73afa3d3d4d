"use client";

import { Dialog } from "@/components/ui/dialog";
import Link from "next/link";
import { CheckIcon } from "@/components/ui/icons";
import { trackOrderUrl } from "./success-url";
import type { OrderPartner } from "@/lib/orders/types";

export const CASH_NOTE =
  "Cash on Delivery: Please keep exact change ready. Your delivery partner will contact you shortly.";

/**
 * The Order Confirmed modal (spec §2): shown after a cash-on-delivery order when a delivery partner was
 * assigned — order id, partner name, phone and ETA, the cash note, Close and Call Partner (a tel: link), and
 * "Track order" to the order's live page (issue 21 item 8). Closing it in any way (Close, Escape, backdrop) calls onClose.
 */
export function OrderConfirmedDialog({
  orderNumber,
  partner,
  onClose,
}: {
  orderNumber: string;
  partner: OrderPartner;
  onClose: () => void;
}) {
  return (
    <Dialog
      title="Order Confirmed"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <CheckIcon className="size-8" />
        </span>
      }
      description={
        <>
          Order ID{" "}
          <span className="font-semibold text-ink" data-testid="confirmed-order-id">
            {orderNumber}
          </span>
        </>
      }
      centered
      closeLabel={null}
      testId="order-confirmed-dialog"
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-canvas p-4 text-sm">
        <dt className="text-muted">Delivery partner</dt>
        <dd className="font-semibold" data-testid="confirmed-partner-name">
          {partner.name}
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd className="font-semibold" data-testid="confirmed-partner-phone">
          {partner.phone}
        </dd>
        <dt className="text-muted">Arriving in</dt>
        <dd className="font-semibold text-brand-700" data-testid="confirmed-eta">
          {partner.eta}
        </dd>
      </dl>

      <p className="mt-4 rounded-xl bg-accent-50 p-3 text-sm text-ink">{CASH_NOTE}</p>

      <Link
        href={trackOrderUrl(orderNumber)}
        className="mt-5 flex h-12 items-center justify-center rounded-xl bg-brand-600 text-base font-bold text-white hover:bg-brand-700"
      >
        Track order
      </Link>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onClose}
          className="h-11 rounded-xl border border-line text-sm font-bold text-ink hover:bg-canvas"
        >
          Close
        </button>
        <a
          href={`tel:${partner.phone}`}
          className="flex h-11 items-center justify-center rounded-xl border border-brand-600 text-sm font-bold text-brand-700 hover:bg-brand-50"
        >
          Call Partner
        </a>
      </div>
    </Dialog>
  );
}
