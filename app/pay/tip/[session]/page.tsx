import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { TestCheckoutButtons } from "@/components/checkout/test-checkout-buttons";
import { getSessionViewer } from "@/lib/auth/viewer";
import { TIP_LABEL, TIP_NOTE } from "@/lib/bill/tips";
import { isAppError } from "@/lib/errors";
import { formatPaise } from "@/lib/money";
import { getLocalTipCheckout, type LocalTipCheckoutView } from "@/lib/orders";

export const metadata: Metadata = { title: "Test checkout", robots: { index: false } };

// The local payment adapter's page for a tip added after delivery (issue 18): like the order's (/pay/<session>),
// clearly a test and bound to the order's shopper; not found where test payments are not allowed.
export default async function TestTipCheckoutPage({ params }: { params: Promise<{ session: string }> }) {
  const { session } = await params;
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/pay/tip/${session}`)}`);
  let view: LocalTipCheckoutView;
  try {
    view = await getLocalTipCheckout(viewer, session);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const amount = formatPaise(view.amountPaise);

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
          <p className="text-sm text-muted">Kwikmart · order {view.orderNumber}</p>
          <p className="mt-1 text-3xl font-bold text-ink" data-testid="test-checkout-total">
            {amount}
          </p>
          <p className="mt-3 text-sm text-ink">{TIP_LABEL}</p>
          <p className="text-xs text-muted">{TIP_NOTE}</p>
          {view.state === "open" ? (
            <>
              <p className="mt-4 rounded-xl bg-canvas p-3 text-xs text-muted">
                This page stands in for the card provider while no payment key is configured. Pay adds the tip to
                your order exactly as the provider&apos;s confirmation would; Cancel charges nothing.
              </p>
              <TestCheckoutButtons sessionId={session} totalLabel={amount} purpose="tip" />
            </>
          ) : (
            <div className="mt-6 text-center">
              <p className="font-semibold text-ink">
                {view.state === "paid" ? "This tip is paid — thank you!" : "This payment was cancelled or has expired."}
              </p>
              <Link
                href={`/dashboard/myorders/${view.orderNumber}`}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                See the order
              </Link>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
