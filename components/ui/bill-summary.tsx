import { FEE_KEYS, type Bill, type FeeKey } from "@/lib/bill/compute";
import { FEE_LABEL } from "@/lib/bill/lines";
import { TIP_LABEL, TIP_NOTE } from "@/lib/bill/tips";
import { formatPaise } from "@/lib/money";

/**
 * The bill, line for line the same in the cart drawer, the /cart page, checkout and the order page (its printable
 * receipt): items total (with the total before discounts struck through when there are any), the quantity, the
 * delivery charge ("Free" when it is ₹0, spec §2), each fee charged with its explanation behind a small "i" (a native
 * <details>: no script, keyboard and screen-reader ready), the coupon ("Coupon (SAVE10)", its saving and what it
 * is) when one takes something off, the tip the shopper added with where it goes, and the grand total.
 * `testIdPrefix` names the figures for tests: `bill-…` in the cart, `summary-…` at checkout, `order-…` on an order.
 */
export function BillSummary({
  bill,
  count,
  testIdPrefix,
  className = "",
}: {
  bill: Bill;
  /** the units (spec: "Quantity total"); left out where the page shows them elsewhere */
  count?: number;
  testIdPrefix: "bill" | "summary" | "order";
  className?: string;
}) {
  const discounted = bill.itemsTotalPaise < bill.itemsMrpPaise;
  return (
    <dl className={`flex flex-col gap-2 text-ink ${className}`} data-testid={`${testIdPrefix}-lines`}>
      <div className="flex justify-between gap-4">
        <dt>Items total</dt>
        <dd className="flex items-baseline gap-2" data-testid={`${testIdPrefix}-items-total`}>
          {discounted && (
            <s className="text-muted">
              <span className="sr-only">Before discounts </span>
              {formatPaise(bill.itemsMrpPaise)}
            </s>
          )}
          <span>{formatPaise(bill.itemsTotalPaise)}</span>
        </dd>
      </div>
      {count !== undefined && (
        <div className="flex justify-between gap-4">
          <dt>Quantity total</dt>
          <dd data-testid={`${testIdPrefix}-quantity`}>{count} item</dd>
        </div>
      )}
      {FEE_KEYS.map((key) =>
        key === "deliveryFee" || bill[`${key}Paise`] > 0 ? (
          <FeeLine key={key} fee={key} bill={bill} testId={`${testIdPrefix}-${key}`} />
        ) : null,
      )}
      {bill.couponDiscountPaise > 0 && (
        <BillLine
          label={`Coupon (${bill.couponCode ?? ""})`}
          explain={bill.explain.coupon}
          testId={`${testIdPrefix}-coupon`}
          free
        >
          −{formatPaise(bill.couponDiscountPaise)}
        </BillLine>
      )}
      {bill.tipPaise > 0 && (
        <div className="flex justify-between gap-4">
          <dt>
            {TIP_LABEL}
            <span className="block text-xs text-muted">{TIP_NOTE}</span>
          </dt>
          <dd data-testid={`${testIdPrefix}-tip`}>{formatPaise(bill.tipPaise)}</dd>
        </div>
      )}
      <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
        <dt>Grand total</dt>
        <dd data-testid={`${testIdPrefix}-grand-total`}>{formatPaise(bill.grandTotalPaise)}</dd>
      </div>
    </dl>
  );
}

function FeeLine({ fee, bill, testId }: { fee: FeeKey; bill: Bill; testId: string }) {
  const amount = bill[`${fee}Paise`];
  return (
    <BillLine label={FEE_LABEL[fee]} explain={bill.explain[fee]} testId={testId} free={amount === 0}>
      {amount > 0 ? formatPaise(amount) : "Free"}
    </BillLine>
  );
}

/** A line of the bill: its label (with its explanation behind an "i" when it has one) and its amount. */
function BillLine({
  label,
  explain,
  testId,
  free,
  children,
}: {
  label: string;
  explain?: string;
  testId: string;
  /** shown in the brand's colour: "Free", a coupon's saving */
  free: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex justify-between gap-x-4">
      <dt>
        {explain ? (
          <details className="group">
            <summary className="-my-3 inline-flex cursor-pointer list-none items-center gap-1 py-3 [&::-webkit-details-marker]:hidden">
              {label}
              <span
                aria-hidden="true"
                className="inline-flex size-4 items-center justify-center rounded-full border text-xs font-bold text-muted group-open:text-brand-700"
              >
                i
              </span>
            </summary>
            <span className="mt-1 block text-xs text-muted" data-testid={`${testId}-explain`}>
              {explain}
            </span>
          </details>
        ) : (
          label
        )}
      </dt>
      <dd data-testid={testId} className={free ? "font-semibold text-brand-700" : undefined}>
        {children}
      </dd>
    </div>
  );
}
