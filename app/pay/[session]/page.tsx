import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { TestCheckoutButtons } from "@/components/checkout/test-checkout-buttons";
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
            {formatPaise(view.totalPaise)}
          </p>
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
              <TestCheckoutButtons
                sessionId={session}
                totalLabel={formatPaise(view.totalPaise)}
              />
            </>
          ) : (
            <div className="mt-6 text-center">
              <p className="font-semibold text-ink">
                {view.status === "CANCELLED" ? "This payment was cancelled or has expired." : "This order is paid."}
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
