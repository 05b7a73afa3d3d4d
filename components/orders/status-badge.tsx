import type { OrderStatusValue } from "@/lib/orders/types";
import { STATUS_LABEL } from "@/lib/orders/types";

const TONE: Record<OrderStatusValue, string> = {
  PENDING_PAYMENT: "bg-amber-100 text-amber-800",
  PLACED: "bg-blue-100 text-blue-800",
  PACKED: "bg-indigo-100 text-indigo-800",
  OUT_FOR_DELIVERY: "bg-accent-100 text-accent-800",
  DELIVERED: "bg-brand-100 text-brand-800",
  CANCELLED: "bg-red-100 text-red-700",
};

export function StatusBadge({ status }: { status: OrderStatusValue }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${TONE[status]}`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
