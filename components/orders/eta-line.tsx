import type { Order } from "@/lib/orders/types";
import { formatDateTime, formatTime } from "./format";

/** One line on where the order is: the partner's ETA, the queue, or when it ended. */
export function EtaLine({ order }: { order: Order }) {
  let text: string;
  if (order.status === "DELIVERED") {
    const delivered = order.timeline.find((s) => s.status === "DELIVERED")?.at;
    text = delivered ? `Delivered ${formatDateTime(delivered)}` : "Delivered";
  } else if (order.status === "CANCELLED") {
    text = order.paymentStatus === "REFUNDED" ? "Cancelled · payment refunded" : "Cancelled";
  } else if (order.status === "PENDING_PAYMENT") {
    text = "Waiting for your payment";
  } else if (order.partner) {
    text = `ETA ${order.partner.eta} · arriving by ${formatTime(order.partner.etaAt)} with ${order.partner.name}`;
  } else {
    text = "Waiting for a free delivery partner";
  }
  return (
    <p className="text-sm text-muted" data-testid="order-eta">
      {text}
    </p>
  );
}
