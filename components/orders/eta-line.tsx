import type { OrderDto } from "@/lib/orders/types";
import { formatDateTime, formatTime } from "./format";

/** One line on where the order is: the partner's ETA, the queue, or when it ended. */
export function EtaLine({ order }: { order: OrderDto }) {
  let text: string;
  if (order.status === "DELIVERED") {
    const delivered = order.timeline.find((s) => s.status === "DELIVERED")?.at;
    text = delivered ? `Delivered ${formatDateTime(delivered)}` : "Delivered";
  } else if (order.status === "CANCELLED") {
    text = order.payment_status === "REFUNDED" ? "Cancelled · payment refunded" : "Cancelled";
  } else if (order.status === "PENDING_PAYMENT") {
    text = "Waiting for your payment";
  } else if (order.deliveryPartner) {
    text = `ETA ${order.deliveryPartner.eta} · arriving by ${formatTime(order.deliveryPartner.etaAt)} with ${order.deliveryPartner.name}`;
  } else {
    text = "Waiting for a free delivery partner";
  }
  return (
    <p className="text-sm text-muted" data-testid="order-eta">
      {text}
    </p>
  );
}
