import { formatPaise } from "@/lib/money";

export type BillTotals = { count: number; itemsTotalPaise: number; totalPaise: number };

/**
 * The bill's lines, the same in the cart drawer, the /cart page and checkout (spec §2 Bill details): items total
 * (with the total before discounts struck through when there are any), quantity, the free delivery and the grand
 * total. `testIdPrefix` names the figures for tests: `bill-…` in the cart, `summary-…` at checkout.
 */
export function BillSummary({
  totals,
  testIdPrefix,
  className = "",
}: {
  totals: BillTotals;
  testIdPrefix: "bill" | "summary";
  className?: string;
}) {
  const discounted = totals.totalPaise < totals.itemsTotalPaise;
  return (
    <dl className={`flex flex-col gap-2 text-ink ${className}`}>
      <div className="flex justify-between gap-4">
        <dt>Items total</dt>
        <dd className="flex items-baseline gap-2" data-testid={`${testIdPrefix}-items-total`}>
          {discounted && (
            <s className="text-muted">
              <span className="sr-only">Before discounts </span>
              {formatPaise(totals.itemsTotalPaise)}
            </s>
          )}
          <span>{formatPaise(totals.totalPaise)}</span>
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Quantity total</dt>
        <dd data-testid={`${testIdPrefix}-quantity`}>{totals.count} item</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Delivery Charge</dt>
        <dd className="font-semibold text-brand-700">Free</dd>
      </div>
      <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
        <dt>Grand total</dt>
        <dd data-testid={`${testIdPrefix}-grand-total`}>{formatPaise(totals.totalPaise)}</dd>
      </div>
    </dl>
  );
}
