import { BillSummary } from "@/components/ui/bill-summary";
import type { Bill } from "@/lib/bill/compute";
import { ClockIcon } from "@/components/ui/icons";
import { formatPaise } from "@/lib/money";
import { useDeliveryPromise } from "@/components/location/location-context";
import type { PaymentMethod } from "./use-checkout";

/**
 * The checkout's summary and the ways to pay (spec §2 Checkout): Online Payment when the shop takes cards (a note
 * otherwise) and Cash on Delivery, both disabled while either is under way.
 */
export function CheckoutSummary({
  bill,
  count,
  totalChanged = null,
  cardPayments,
  pending,
  disabled,
  onPay,
  cashBlocked = false,
  blockedReason = null,
  beforeCash,
  tip,
  deliveringTo,
}: {
  bill?: Bill;
  count?: number;
  /** the server priced a different bill than the one shown: say so before the shopper confirms again */
  totalChanged?: string | null;
  cardPayments: boolean;
  pending: PaymentMethod | null;
  disabled: boolean;
  onPay: (method: PaymentMethod) => void;
  /** Cash on Delivery waits (the e-mail verification of issue 20 #14, shown in `beforeCash`) */
  cashBlocked?: boolean;
  /** why neither way to pay can go ahead now (issue 16: lines the store cannot supply), shown above the buttons */
  blockedReason?: string | null;
  beforeCash?: React.ReactNode;
  /** the tip chips (issue 18), above the bill they change */
  tip?: React.ReactNode;
  /** on a phone, where the order goes, above the pinned buttons (issue 21 item 7) */
  deliveringTo?: React.ReactNode;
}) {
  const promise = useDeliveryPromise();
  const off = disabled || pending !== null || !!blockedReason;
  return (
    <section
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-4 md:col-start-2 md:row-span-2 md:row-start-1 md:sticky md:top-28"
    >
      <div className="rounded-2xl border border-line bg-white p-4 md:p-5" data-testid="checkout-summary">
        <h2 id="checkout-summary" className="text-lg font-bold text-ink">
          Summary
        </h2>
        <p className="mt-2 flex items-center gap-2 text-sm text-muted">
          <ClockIcon className="size-4 text-brand-600" /> <span data-testid="checkout-promise">{promise}</span>
        </p>
        {tip}
        {bill && <BillSummary bill={bill} count={count} testIdPrefix="summary" className="mt-3 text-sm" />}
      </div>
      {totalChanged && (
        <p role="alert" data-testid="checkout-total-changed" className="rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          {totalChanged}
        </p>
      )}
      <div className="flex flex-col gap-3">
        {blockedReason && (
          <p
            id="checkout-blocked-reason"
            role="status"
            data-testid="checkout-blocked-reason"
            className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-700"
          >
            {blockedReason}
          </p>
        )}
        {!cardPayments && (
          <p
            role="note"
            className="rounded-xl bg-canvas p-3 text-sm text-ink"
            data-testid="card-payments-off"
          >
            Card payments are not available right now. Pay with Cash on Delivery.
          </p>
        )}
        {beforeCash}
        {/* On a phone the ways to pay are pinned to the bottom with the amount, reachable without scrolling */}
        <div
          id="checkout-pay-bar"
          data-testid="checkout-pay-bar"
          className="flex flex-col gap-3 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:gap-2 max-md:border-t max-md:border-line max-md:bg-white max-md:px-4 max-md:pt-2 max-md:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-md:shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
        >
          {deliveringTo}
          {cardPayments && (
            <button
              type="button"
              onClick={() => onPay("card")}
              disabled={off}
              aria-busy={pending === "card"}
              className="h-12 rounded-xl bg-brand-600 text-base font-bold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {pending === "card" ? "Opening payment…" : "Online Payment"}
            </button>
          )}
          <button
            type="button"
            onClick={() => onPay("cod")}
            disabled={off || cashBlocked}
            aria-busy={pending === "cod"}
            className="h-12 rounded-xl border-2 border-brand-600 bg-white text-base font-bold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending === "cod" ? (
              "Placing order…"
            ) : (
              <>
                Cash on Delivery
                {bill && <span className="md:hidden"> · {formatPaise(bill.grandTotalPaise)}</span>}
              </>
            )}
          </button>
        </div>
      </div>
    </section>
  );
}
