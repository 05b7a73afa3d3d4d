import type { Metadata } from "next";
import { OutcomeCard } from "@/components/layout/outcome-card";
import { ReleasePendingPayment } from "@/components/orders/release-pending-payment";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Order Cancel" };

// The card provider's cancel_url is /cancel?order=<number>: the order still waiting for payment is released.
export default async function CancelPage({
  searchParams,
}: {
  searchParams: Promise<{ order?: string | string[] }>;
}) {
  const { order } = await searchParams;
  const orderNumber = typeof order === "string" && /^[A-Za-z0-9-]{1,40}$/.test(order) ? order.toUpperCase() : null;
  const viewer = orderNumber ? await getSessionViewer() : null;

  return (
    <>
      <OutcomeCard tone="cancel" title="Order Cancel" />
      {viewer && orderNumber && <ReleasePendingPayment orderNumber={orderNumber} />}
    </>
  );
}
