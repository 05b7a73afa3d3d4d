import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { TestCheckoutButtons } from "@/components/checkout/test-checkout-buttons";
import { TestCheckoutClosed, TestCheckoutFrame } from "@/components/checkout/test-checkout-frame";
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
    <TestCheckoutFrame orderNumber={view.orderNumber} amount={amount}>
      <p className="mt-3 text-sm text-ink">{TIP_LABEL}</p>
      <p className="text-xs text-muted">{TIP_NOTE}</p>
      {view.state === "open" ? (
        <>
          <p className="mt-4 rounded-xl bg-canvas p-3 text-xs text-muted">
            This page stands in for the card provider while no payment key is configured. Pay adds the tip to your
            order exactly as the provider&apos;s confirmation would; Cancel charges nothing.
          </p>
          <TestCheckoutButtons sessionId={session} totalLabel={amount} purpose="tip" />
        </>
      ) : (
        <TestCheckoutClosed
          orderNumber={view.orderNumber}
          text={view.state === "paid" ? "This tip is paid — thank you!" : "This payment was cancelled or has expired."}
        />
      )}
    </TestCheckoutFrame>
  );
}
