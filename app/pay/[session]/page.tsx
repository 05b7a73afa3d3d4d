import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { TestCheckoutButtons } from "@/components/checkout/test-checkout-buttons";
import { TestCheckoutClosed, TestCheckoutFrame } from "@/components/checkout/test-checkout-frame";
import { getSessionViewer } from "@/lib/auth/viewer";
import { isAppError } from "@/lib/errors";
import { formatPaise } from "@/lib/money";
import { getLocalCheckout, type LocalCheckoutView } from "@/lib/orders";
import { CatalogImage } from "@/components/ui/catalog-image";
import { BillSummary } from "@/components/ui/bill-summary";

export const metadata: Metadata = { title: "Test checkout", robots: { index: false } };

// The local payment adapter's hosted page (no Stripe keys, test payments allowed): clearly a test, bound to the
// order's shopper. Where test payments are not allowed every session is not found.
export default async function TestCheckoutPage({ params }: { params: Promise<{ session: string }> }) {
  const { session } = await params;
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/pay/${session}`)}`);
  let view: LocalCheckoutView;
  try {
    view = await getLocalCheckout(viewer, session);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const open = view.status === "PENDING_PAYMENT";

  return (
    <TestCheckoutFrame orderNumber={view.orderNumber} amount={formatPaise(view.totalPaise)}>
      <ul className="mt-5 divide-y divide-line border-y border-line text-sm">
        {view.lines.map((line, i) => (
          <li key={i} className="flex items-center gap-3 py-2.5">
            {line.image && (
              <CatalogImage src={line.image} size={40} loading="eager" className="size-10 rounded-lg bg-canvas object-contain" />
            )}
            <span className="min-w-0 flex-1">
              <span className="line-clamp-1 text-ink">{line.name}</span>
              <span className="text-xs text-muted">
                {line.unit} × {line.quantity}
              </span>
            </span>
            <span className="font-semibold text-ink">{formatPaise(line.unitPricePaise * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <BillSummary bill={view.bill} testIdPrefix="summary" className="mt-3 text-sm" />
      <p className="mt-3 text-xs text-muted">
        Deliver to {view.address.addressLine}, {view.address.city} {view.address.pincode}
      </p>
      {open ? (
        <>
          <p className="mt-4 rounded-xl bg-canvas p-3 text-xs text-muted">
            This page stands in for the card provider while no payment key is configured. Pay marks the order
            paid exactly as the provider&apos;s confirmation would; Cancel releases it.
          </p>
          <TestCheckoutButtons sessionId={session} totalLabel={formatPaise(view.totalPaise)} />
        </>
      ) : (
        <TestCheckoutClosed
          orderNumber={view.orderNumber}
          text={view.status === "CANCELLED" ? "This payment was cancelled or has expired." : "This order is paid."}
        />
      )}
    </TestCheckoutFrame>
  );
}
