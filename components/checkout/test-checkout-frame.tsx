import Link from "next/link";

/**
 * The local test checkout's card (an order's /pay/<session>, a tip's /pay/tip/<session>): the "no money moves"
 * banner, the order's number and the amount, then the page's own content.
 */
export function TestCheckoutFrame({
  orderNumber,
  amount,
  children,
}: {
  orderNumber: string;
  /** formatted: "₹254" */
  amount: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex flex-1 items-start justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-lg">
        <p
          role="note"
          data-testid="test-checkout-banner"
          className="bg-amber-300 px-4 py-2 text-center text-sm font-bold text-amber-950"
        >
          Test checkout — no money moves
        </p>
        <div className="p-6">
          <p className="text-sm text-muted">Kwikmart · order {orderNumber}</p>
          <p className="mt-1 text-3xl font-bold text-ink" data-testid="test-checkout-total">
            {amount}
          </p>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A session that no longer takes payment: what became of it, and the way to the order. */
export function TestCheckoutClosed({ text, orderNumber }: { text: string; orderNumber: string }) {
  return (
    <div className="mt-6 text-center">
      <p className="font-semibold text-ink">{text}</p>
      <Link
        href={`/dashboard/myorders/${orderNumber}`}
        className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        See the order
      </Link>
    </div>
  );
}
