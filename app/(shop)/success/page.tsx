import type { Metadata } from "next";
import Link from "next/link";
import { trackOrderUrl } from "@/components/checkout/success-url";
import { OutcomeCard } from "@/components/layout/outcome-card";
import { getSessionViewer } from "@/lib/auth/viewer";
import { ownOrderNumber } from "@/lib/orders";

export const metadata: Metadata = { title: "Success" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// decisions.md: the text comes from ?text= and only Order or Payment are accepted (default Payment). With the
// order's number (?order=, from checkout) or its card session (?session_id=, the provider's return) and the order
// being the viewer's own, the page also offers "Track order" (issue 21 item 8).
export default async function SuccessPage({
  searchParams,
}: {
  searchParams: Promise<{
    text?: string | string[];
    order?: string | string[];
    session_id?: string | string[];
  }>;
}) {
  const params = await searchParams;
  const what = one(params.text) === "Order" ? "Order" : "Payment";
  const viewer = await getSessionViewer();
  const order = viewer
    ? await ownOrderNumber(viewer, {
        orderNumber: one(params.order),
        paymentSessionId: one(params.session_id),
      })
    : null;

  return (
    <OutcomeCard
      tone="success"
      title={`${what} Successfully`}
      action={
        order && (
          <Link
            href={trackOrderUrl(order)}
            className="inline-flex h-12 items-center rounded-xl bg-brand-600 px-6 text-base font-bold text-white transition-colors hover:bg-brand-700"
          >
            Track order
          </Link>
        )
      }
    />
  );
}
