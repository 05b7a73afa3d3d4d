import "server-only";
import { formatEta } from "@/lib/dispatch";
import type { Prisma } from "@/lib/db";
import { toRupees } from "@/lib/money";
import {
  STATUS_LABEL,
  type AddressSnapshot,
  type AdminOrderDto,
  type OrderDto,
  type OrderStatusValue,
  type OrderTimelineStep,
} from "./types";

export const orderSelect = {
  id: true,
  orderNumber: true,
  userId: true,
  status: true,
  paymentMethod: true,
  paymentStatus: true,
  testPayment: true,
  holdExpiresAt: true,
  paymentUrl: true,
  subtotalPaise: true,
  totalPaise: true,
  deliveryPaise: true,
  itemCount: true,
  addressSnapshot: true,
  dispatchQueuedAt: true,
  createdAt: true,
  paidAt: true,
  packedAt: true,
  outForDeliveryAt: true,
  deliveredAt: true,
  cancelledAt: true,
  lines: {
    select: {
      productId: true,
      name: true,
      image: true,
      unit: true,
      pricePaise: true,
      discount: true,
      unitPricePaise: true,
      quantity: true,
    },
    orderBy: { id: "asc" },
  },
  assignment: {
    select: {
      etaMinutes: true,
      etaAt: true,
      completedAt: true,
      partner: { select: { name: true, phone: true } },
    },
  },
} as const satisfies Prisma.OrderSelect;

export const adminOrderSelect = {
  ...orderSelect,
  user: { select: { name: true, email: true } },
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;
export type AdminOrderRow = Prisma.OrderGetPayload<{ select: typeof adminOrderSelect }>;

export function toAddressSnapshot(value: unknown): AddressSnapshot {
  const a = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return {
    address_line: s("address_line"),
    city: s("city"),
    state: s("state"),
    country: s("country"),
    pincode: s("pincode"),
    mobile: s("mobile"),
    receiver_name: s("receiver_name"),
    house: s("house"),
    landmark: s("landmark"),
  };
}

const FLOW: OrderStatusValue[] = ["PLACED", "PACKED", "OUT_FOR_DELIVERY", "DELIVERED"];

function timeline(row: OrderRow): OrderTimelineStep[] {
  const at = (d: Date | null) => d?.toISOString() ?? null;
  const placedAt = row.paymentMethod === "CARD" ? row.paidAt : row.createdAt;
  const times: Record<string, string | null> = {
    PLACED: row.status === "PENDING_PAYMENT" ? null : at(placedAt ?? row.createdAt),
    PACKED: at(row.packedAt),
    OUT_FOR_DELIVERY: at(row.outForDeliveryAt),
    DELIVERED: at(row.deliveredAt),
  };
  const steps: OrderTimelineStep[] = [];
  if (row.paymentMethod === "CARD") {
    steps.push({ status: "PENDING_PAYMENT", label: "Payment started", at: at(row.createdAt) });
  }
  for (const status of FLOW) {
    if (row.status === "CANCELLED" && !times[status]) continue;
    steps.push({ status, label: STATUS_LABEL[status], at: times[status] ?? null });
  }
  if (row.status === "CANCELLED") steps.push({ status: "CANCELLED", label: "Cancelled", at: at(row.cancelledAt) });
  return steps;
}

export function toOrderDto(row: OrderRow): OrderDto {
  const first = row.lines[0];
  const itemsTotalPaise = row.totalPaise - row.deliveryPaise;
  const active = row.assignment && row.status !== "CANCELLED";
  return {
    _id: row.id,
    orderId: row.orderNumber,
    status: row.status,
    statusLabel: STATUS_LABEL[row.status],
    paymentMethod: row.paymentMethod,
    payment_status: row.paymentStatus,
    testPayment: row.testPayment,
    product_details: { name: first?.name ?? "", image: first?.image ? [first.image] : [] },
    items: row.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      price: toRupees(l.pricePaise),
      discount: l.discount,
      unitPrice: toRupees(l.unitPricePaise),
      lineTotal: toRupees(l.unitPricePaise * l.quantity),
    })),
    itemCount: row.itemCount,
    subTotalAmt: toRupees(itemsTotalPaise),
    mrpTotalAmt: toRupees(row.subtotalPaise),
    savingsAmt: toRupees(row.subtotalPaise - itemsTotalPaise),
    deliveryAmt: toRupees(row.deliveryPaise),
    totalAmt: toRupees(row.totalPaise),
    delivery_address: toAddressSnapshot(row.addressSnapshot),
    createdAt: row.createdAt.toISOString(),
    awaitingPartner: !!row.dispatchQueuedAt && (row.status === "PLACED" || row.status === "PACKED"),
    ...(active && row.assignment
      ? {
          deliveryPartner: {
            name: row.assignment.partner.name,
            phone: row.assignment.partner.phone,
            eta: formatEta(row.assignment.etaMinutes),
            etaMinutes: row.assignment.etaMinutes,
            etaAt: row.assignment.etaAt.toISOString(),
          },
        }
      : {}),
    cancellable: row.status === "PLACED" || row.status === "PACKED",
    // the hosted payment page while its session is open: the hold ends before the session, and expires it
    ...(row.status === "PENDING_PAYMENT" && row.paymentUrl && row.holdExpiresAt && row.holdExpiresAt > new Date()
      ? { resumePaymentUrl: row.paymentUrl }
      : {}),
    timeline: timeline(row),
  };
}

export function toAdminOrderDto(row: AdminOrderRow): AdminOrderDto {
  return { ...toOrderDto(row), customer: { name: row.user.name, email: row.user.email } };
}
