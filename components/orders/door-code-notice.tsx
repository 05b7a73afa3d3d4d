import { deliveryNoticeFor } from "@/lib/orders/door-code";

/**
 * Proof of delivery on the shopper's order page (issue 17): while the order is out for delivery, the door code to
 * share with the partner; when a delivery attempt ended with a reason (the customer was unavailable), that reason.
 * A server component: the code is derived on the server for the order's owner only.
 */
export async function DoorCodeNotice({ userId, orderNumber }: { userId: string; orderNumber: string }) {
  const notice = await deliveryNoticeFor(userId, orderNumber);
  if (!notice) return null;
  if (notice.kind === "ended") {
    return (
      <p
        role="status"
        className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm font-semibold text-red-800"
        data-testid="delivery-ended"
      >
        Delivery attempt ended: {notice.reason}. The order went back to the store; nothing was collected.
      </p>
    );
  }
  return (
    <section
      aria-label="Door code"
      className="mb-4 rounded-2xl border-2 border-brand-600 bg-brand-50 p-4"
      data-testid="door-code"
    >
      <p className="text-base font-bold text-ink">
        Share code{" "}
        <span className="font-mono text-2xl tracking-[0.3em] text-brand-700" data-testid="door-code-value">
          {notice.code}
        </span>{" "}
        with your delivery partner
      </p>
      <p className="mt-1 text-sm text-muted">Only when they are at your door: it confirms the order reached you.</p>
    </section>
  );
}
