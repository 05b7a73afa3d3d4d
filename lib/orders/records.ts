import "server-only";
import { silentMinutes } from "./reassign";
import { formatEta } from "@/lib/dispatch";
import type { DeliveryAddress } from "@/lib/addresses/schema";
import type { Prisma } from "@/lib/db";
import { FEE_KEYS, type Bill } from "@/lib/bill/compute";
import { substitutionText } from "./substitution-rules";
import {
  STATUS_LABEL,
  type AdminOrder,
  type Order,
  type OrderLine,
  type OrderStatusValue,
  type OrderTimelineStep,
} from "./types";

// Order rows (Prisma) as the domain's Order. The row's addressSnapshot is the JSON the order stored when it was
// placed, in its stored field names (address_line, receiver_name …), read and written only here.

/** The columns of an order's bill (billOfRow reads them). */
export const billSelect = {
  subtotalPaise: true,
  totalPaise: true,
  deliveryPaise: true,
  handlingFeePaise: true,
  smallCartFeePaise: true,
  lateNightFeePaise: true,
  highDemandFeePaise: true,
  couponCode: true,
  couponDiscountPaise: true,
  tipPaise: true,
  billNotes: true,
} as const satisfies Prisma.OrderSelect;

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
  ...billSelect,
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
      shortQuantity: true,
      id: true,
      substitution: true,
      substitutedAt: true,
      outcome: true,
      adjustPaise: true,
      replacesLineId: true,
    },
    orderBy: { id: "asc" },
  },
  substitution: true,
  refundDuePaise: true,
  partRefundedAt: true,
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
  store: { select: { id: true, name: true } },
  promisedMinutes: true,
  // when the partner was last heard from on this delivery: the board's silent-partner flag (issue 17)
  assignment: { select: { ...orderSelect.assignment.select, assignedAt: true, lastSeenAt: true } },
  // the partner's last "Need help" (issue 17), shown on the board's card
  events: { where: { kind: "help" }, orderBy: { id: "desc" }, take: 1, select: { data: true, createdAt: true } },
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;
export type AdminOrderRow = Prisma.OrderGetPayload<{ select: typeof adminOrderSelect }>;

/** The stored snapshot's field for each of the delivery address's. */
const SNAPSHOT_KEYS = {
  addressLine: "address_line",
  city: "city",
  state: "state",
  country: "country",
  pincode: "pincode",
  mobile: "mobile",
  receiverName: "receiver_name",
  house: "house",
  landmark: "landmark",
} as const satisfies Record<keyof DeliveryAddress, string>;

type Snapshot = Record<(typeof SNAPSHOT_KEYS)[keyof DeliveryAddress], string>;

/** The delivery address as an order stores it (its JSON snapshot). */
export function toAddressSnapshot(address: DeliveryAddress): Snapshot {
  const out = {} as Snapshot;
  for (const [field, key] of Object.entries(SNAPSHOT_KEYS)) out[key] = address[field as keyof DeliveryAddress];
  return out;
}

/** A stored snapshot read back ("" for fields an older order did not store). */
export function fromAddressSnapshot(value: unknown): DeliveryAddress {
  const stored = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const out = {} as DeliveryAddress;
  for (const [field, key] of Object.entries(SNAPSHOT_KEYS)) {
    out[field as keyof DeliveryAddress] = typeof stored[key] === "string" ? (stored[key] as string) : "";
  }
  return out;
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

/** The fee columns and notes of an order's bill, as createOrderInTx writes them. */
export function billColumns(bill: Bill) {
  return {
    deliveryPaise: bill.deliveryFeePaise,
    handlingFeePaise: bill.handlingFeePaise,
    smallCartFeePaise: bill.smallCartFeePaise,
    lateNightFeePaise: bill.lateNightFeePaise,
    highDemandFeePaise: bill.highDemandFeePaise,
    couponCode: bill.couponCode,
    couponDiscountPaise: bill.couponDiscountPaise,
    tipPaise: bill.tipPaise,
    billNotes: Object.keys(bill.explain).length ? (bill.explain as Record<string, string>) : undefined,
  };
}

type BillRow = Pick<
  OrderRow,
  | "subtotalPaise"
  | "totalPaise"
  | "deliveryPaise"
  | "handlingFeePaise"
  | "smallCartFeePaise"
  | "lateNightFeePaise"
  | "highDemandFeePaise"
  | "couponCode"
  | "couponDiscountPaise"
  | "tipPaise"
  | "billNotes"
>;

/** The bill an order was placed with, from its columns (orders from before fees: items and a free delivery). */
export function billOfRow(row: BillRow): Bill {
  const fees =
    row.deliveryPaise + row.handlingFeePaise + row.smallCartFeePaise + row.lateNightFeePaise + row.highDemandFeePaise;
  const itemsTotalPaise = row.totalPaise - fees + row.couponDiscountPaise - row.tipPaise;
  const notes = (row.billNotes && typeof row.billNotes === "object" ? row.billNotes : {}) as Record<string, unknown>;
  const explain: Bill["explain"] = {};
  for (const key of [...FEE_KEYS, "coupon" as const]) if (typeof notes[key] === "string") explain[key] = notes[key] as string;
  return {
    itemsMrpPaise: row.subtotalPaise,
    productDiscountPaise: Math.max(0, row.subtotalPaise - itemsTotalPaise),
    itemsTotalPaise,
    deliveryFeePaise: row.deliveryPaise,
    handlingFeePaise: row.handlingFeePaise,
    smallCartFeePaise: row.smallCartFeePaise,
    lateNightFeePaise: row.lateNightFeePaise,
    highDemandFeePaise: row.highDemandFeePaise,
    couponCode: row.couponCode,
    couponDiscountPaise: row.couponDiscountPaise,
    tipPaise: row.tipPaise,
    grandTotalPaise: row.totalPaise,
    explain,
  };
}

/**
 * The order's lines, a replacement (issue 18) right after the line it replaces. A line's total is what the shopper
 * pays for it: once packing applied the substitutions, the units they get (the missing ones are off the bill).
 */
function orderLines(row: OrderRow): OrderLine[] {
  const byId = new Map(row.lines.map((l) => [l.id, l]));
  const paidByCard = row.paymentMethod === "CARD" && (row.paymentStatus === "PAID" || row.paymentStatus === "REFUNDED");
  const toLine = (l: OrderRow["lines"][number]): OrderLine => {
    // the pick list's marks are the store's work in progress until the order is packed
    const short = row.status === "PLACED" ? 0 : (l.shortQuantity ?? 0);
    const replacement = l.outcome === "REPLACED" ? row.lines.find((r) => r.replacesLineId === l.id) : undefined;
    const substituted =
      l.substitutedAt && l.outcome && short > 0
        ? { outcome: l.outcome, missing: short, replacementName: replacement?.name ?? null, dropPaise: l.adjustPaise }
        : null;
    return {
      productId: l.productId,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
      discount: l.discount,
      unitPricePaise: l.unitPricePaise,
      totalPaise: l.unitPricePaise * (substituted ? l.quantity - short : l.quantity),
      short,
      substitution: l.substitution ?? row.substitution,
      substituted: substituted && { ...substituted, text: substitutionText(substituted, l.quantity, paidByCard) },
      replaces: l.replacesLineId ? (byId.get(l.replacesLineId)?.name ?? null) : null,
    };
  };
  const out: OrderLine[] = [];
  for (const l of row.lines) {
    if (l.replacesLineId && byId.has(l.replacesLineId)) continue;
    out.push(toLine(l));
    for (const r of row.lines) if (r.replacesLineId === l.id) out.push(toLine(r));
  }
  return out;
}

export function toOrder(row: OrderRow): Order {
  const bill = billOfRow(row);
  const itemsTotalPaise = bill.itemsTotalPaise;
  const active = row.assignment && row.status !== "CANCELLED";
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    statusLabel: STATUS_LABEL[row.status],
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    testPayment: row.testPayment,
    lines: orderLines(row),
    itemCount: row.itemCount,
    itemsTotalPaise,
    mrpTotalPaise: row.subtotalPaise,
    savingsPaise: row.subtotalPaise - itemsTotalPaise,
    deliveryPaise: row.deliveryPaise,
    totalPaise: row.totalPaise,
    bill,
    substitution: row.substitution,
    partRefund: row.refundDuePaise > 0 ? { amountPaise: row.refundDuePaise, done: !!row.partRefundedAt } : null,
    address: fromAddressSnapshot(row.addressSnapshot),
    createdAt: row.createdAt.toISOString(),
    awaitingPartner: !!row.dispatchQueuedAt && (row.status === "PLACED" || row.status === "PACKED"),
    ...(active && row.assignment
      ? {
          partner: {
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

export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    ...toOrder(row),
    customer: { name: row.user.name, email: row.user.email },
    store: row.store,
    promisedMinutes: row.promisedMinutes,
    help: helpOf(row.events[0]),
    silentMinutes: silentMinutes(row.assignment, row.status),
  };
}

function helpOf(event: { data: unknown; createdAt: Date } | undefined): AdminOrder["help"] {
  if (!event) return null;
  const data = (event.data && typeof event.data === "object" ? event.data : {}) as Record<string, unknown>;
  return {
    partner: typeof data.partner === "string" ? data.partner : "",
    note: typeof data.note === "string" ? data.note : "Needs help",
    at: event.createdAt.toISOString(),
  };
}
