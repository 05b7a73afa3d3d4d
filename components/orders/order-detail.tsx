import Link from "next/link";
import { formatPaise } from "@/lib/money";
import type { Order } from "@/lib/orders/types";
import { PAYMENT_METHOD_LABEL, PAYMENT_STATUS_LABEL } from "@/lib/orders/types";
import { EtaLine } from "./eta-line";
import { formatDateTime, formatTime } from "./format";
import { CancelOrderButton, PrintReceiptButton } from "./order-actions";
import { OrderAgainButton } from "./order-again";
import { ResumePaymentLink } from "./resume-payment-link";
import { StatusBadge } from "./status-badge";
import { TestPaymentBadge } from "./test-payment-badge";
import { CatalogImage } from "@/components/ui/catalog-image";
import { BillSummary } from "@/components/ui/bill-summary";

// Prints only the receipt, whatever layout surrounds it (header, sidebar and footer are not ours to hide).
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #order-receipt, #order-receipt * { visibility: visible !important; }
  #order-receipt { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; border: 0; }
}`;

/** A line the store packed short (issue 16's pick list). */
const shortText = (short: number, quantity: number) =>
  short >= quantity ? "Not available at the store" : `${short} of ${quantity} not available at the store`;

/** One order (spec: lines, totals, address, partner, status timeline, Cancel order, printable receipt). */
export function OrderDetail({
  order,
  live,
  tip,
}: {
  order: Order;
  live?: React.ReactNode;
  /** under the bill: a delivered order's "Add a tip" or its thanks (components/orders/tip-after-delivery.tsx) */
  tip?: React.ReactNode;
}) {
  const address = order.address;
  const shortUnits = order.lines.reduce((n, l) => n + l.short, 0);
  return (
    <article id="order-receipt" className="flex flex-col gap-5" data-testid="order-detail">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Kwikmart receipt</p>
          <h1 className="text-xl font-bold tracking-tight text-ink md:text-2xl" data-testid="order-title">
            Order {order.orderNumber}
          </h1>
          <p className="mt-1 text-sm text-muted">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} />
          {order.resumePaymentUrl && <ResumePaymentLink url={order.resumePaymentUrl} />}
          <PrintReceiptButton />
          {order.cancellable && <CancelOrderButton orderId={order.orderNumber} />}
          {order.status !== "PENDING_PAYMENT" && <OrderAgainButton orderId={order.orderNumber} />}
        </div>
      </header>

      <EtaLine order={order} />
      {live}

      <section aria-label="Status" className="rounded-2xl border border-line p-4">
        <ol className="flex flex-col gap-3 sm:flex-row sm:gap-0" data-testid="order-timeline">
          {order.timeline.map((step, i) => (
            <li
              key={step.status}
              className="flex flex-1 items-start gap-2 sm:flex-col sm:items-center sm:text-center"
            >
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  step.at
                    ? step.status === "CANCELLED"
                      ? "bg-red-600 text-white"
                      : "bg-brand-600 text-white"
                    : "bg-canvas text-muted ring-1 ring-line"
                }`}
              >
                {i + 1}
              </span>
              <span className="flex flex-col">
                <span className={`text-sm font-semibold ${step.at ? "text-ink" : "text-muted"}`}>
                  {step.label}
                </span>
                <span className="text-xs text-muted">{step.at ? formatTime(step.at) : "—"}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      {order.partner && (
        <section
          aria-label="Delivery partner"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 p-4"
          data-testid="order-partner"
        >
          <div className="text-sm">
            <p className="font-bold text-ink">{order.partner.name}</p>
            <p className="text-muted">
              {order.partner.phone} · ETA {order.partner.eta} (by{" "}
              {formatTime(order.partner.etaAt)})
            </p>
          </div>
          <a
            href={`tel:${order.partner.phone}`}
            className="flex h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-bold text-white hover:bg-brand-700 print:hidden"
          >
            Call Partner
          </a>
        </section>
      )}

      <section aria-label="Items" className="rounded-2xl border border-line">
        {shortUnits > 0 && (
          <p role="status" data-testid="order-short" className="rounded-t-2xl bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {shortUnits === 1 ? "1 item was" : `${shortUnits} items were`} not available when the store packed your
            order.
            {order.partRefund && (
              <span data-testid="order-part-refund" className="block font-semibold">
                {order.partRefund.done
                  ? `${formatPaise(order.partRefund.amountPaise)} refunded to your card.`
                  : `${formatPaise(order.partRefund.amountPaise)} is being refunded to your card.`}
              </span>
            )}
            {order.paymentMethod === "CASH_ON_DELIVERY" &&
              order.paymentStatus === "PENDING" &&
              order.lines.some((l) => l.substituted) && (
              <span data-testid="order-cash-due" className="block font-semibold">
                Pay {formatPaise(order.totalPaise)} on delivery.
              </span>
            )}
          </p>
        )}
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted">
            <tr>
              <th className="px-4 py-2 font-semibold">Item</th>
              <th className="px-2 py-2 text-right font-semibold">Qty</th>
              <th className="px-4 py-2 text-right font-semibold">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line border-t border-line">
            {order.lines.map((item) => (
              <tr key={item.productId} data-testid="order-line">
                <td className="px-4 py-2.5">
                  <span className="flex items-center gap-3">
                    {item.image && (
                      <CatalogImage
                        src={item.image}
                        size={40}
                        loading="eager"
                        className="size-10 rounded-lg bg-canvas object-contain print:hidden"
                      />
                    )}
                    {/* a name with one long unbroken word must not widen the page on a phone */}
                    <span className="[overflow-wrap:anywhere]">
                      <span className="block text-ink">{item.name}</span>
                      {item.substituted ? (
                        <span className="block text-xs font-semibold text-amber-800" data-testid="line-substitution">
                          {item.substituted.text}
                        </span>
                      ) : (
                        item.short > 0 && (
                          <span className="block text-xs font-semibold text-amber-800" data-testid="line-short">
                            {shortText(item.short, item.quantity)}
                          </span>
                        )
                      )}
                      {item.replaces && (
                        <span className="block text-xs font-semibold text-brand-700" data-testid="line-replaces">
                          Replaces {item.replaces}
                        </span>
                      )}
                      <span className="text-xs text-muted">
                        {item.unit} · {formatPaise(item.unitPricePaise)}
                        {item.discount > 0 && (
                          <>
                            {" "}
                            <s>{formatPaise(item.pricePaise)}</s> ({item.discount}% off)
                          </>
                        )}
                      </span>
                    </span>
                  </span>
                </td>
                <td className="px-2 py-2.5 text-right">
                  {item.substituted ? (
                    <>
                      <s className="text-muted">
                        <span className="sr-only">ordered </span>
                        {item.quantity}
                      </s>{" "}
                      {item.quantity - item.short}
                    </>
                  ) : (
                    item.quantity
                  )}
                </td>
                <td className="px-4 py-2.5 text-right font-semibold">{formatPaise(item.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="border-t border-line px-4 py-3 text-sm">
          <BillSummary bill={order.bill} testIdPrefix="order" />
          {tip}
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Delivery address" className="rounded-2xl border border-line p-4 text-sm">
          <h2 className="font-bold text-ink">Delivery address</h2>
          <p className="mt-1 text-ink">{address.addressLine}</p>
          <p className="text-ink">
            {address.city}, {address.state}
          </p>
          <p className="text-ink">
            {address.country} - {address.pincode}
          </p>
          <p className="text-muted">{address.mobile}</p>
        </section>
        <section aria-label="Payment" className="rounded-2xl border border-line p-4 text-sm">
          <h2 className="font-bold text-ink">Payment</h2>
          <p className="mt-1 text-ink">{PAYMENT_METHOD_LABEL[order.paymentMethod]}</p>
          <p className="text-muted">{PAYMENT_STATUS_LABEL[order.paymentStatus]}</p>
          {order.testPayment && (
            <p className="mt-1">
              <TestPaymentBadge detail />
            </p>
          )}
        </section>
      </div>

      <Link
        href="/dashboard/myorders"
        className="text-sm font-semibold text-brand-700 hover:underline print:hidden"
      >
        ← All orders
      </Link>
    </article>
  );
}
