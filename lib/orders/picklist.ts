import "server-only";
import type { StoreWorker } from "@/lib/auth/staff";
import { prisma, runTx, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { workStore } from "@/lib/stores/staff-work";
import { packFromPickList, type LockedOrderLines } from "./lifecycle";
import { normaliseOrderNumber } from "./order-number";
import type { PickLineInput } from "./picklist-schema";
import { isOrderOfStore, ordersOfStore } from "./store-scope";
import { fromAddressSnapshot } from "./records";
import type { SubstitutionValue } from "./substitution-rules";
import { ORDER_NOT_FOUND, STATUS_LABEL, type Order } from "./types";

// The pick list (issue 16, "The store's side"): a store's placed orders, oldest first, each line grouped by its
// product's category (the shelf it sits on), with a tick ("Picked": every unit in the bag) or a short mark (units
// missing at the store). Marks are saved per order line (OrderLine.pickedAt / shortQuantity), so two pickers on two
// phones see the same state. "Packed" is the order lifecycle's own step (packFromPickList in ./lifecycle.ts), refused
// until every line is ticked or short; then dispatch goes on as after the board's "Mark packed". Issue 18's
// substitutions act on the short marks. A staff member sees and touches only their store's orders: another store's
// order does not exist for them (404).

export const PICK_LIST_LIMIT = 200;
export const LINE_NOT_FOUND = "Line not found on this order";
export const UNCATEGORISED = "Other";

export type PickLine = {
  id: string;
  productId: string;
  name: string;
  image: string;
  unit: string;
  quantity: number;
  /** the product's first category (by name): the shelf to pick it from */
  category: string;
  /** every unit is in the bag */
  picked: boolean;
  /** units missing at the store (0: none) */
  short: number;
  /** issue 18: the shopper's choice if it is short (the line's own, else the order's default) */
  substitution: SubstitutionValue;
  /** a CALL line: what the shopper said on the phone (REPLACE or REMOVE); null: not yet */
  callDecision: SubstitutionValue | null;
};

export type PickGroup = { category: string; lines: PickLine[] };

export type PickOrder = {
  id: string;
  orderNumber: string;
  /** ISO 8601: when it was placed (a card order: when it was paid) */
  placedAt: string;
  /** whole minutes it has waited since, when the list was read */
  waitedMinutes: number;
  customerFirstName: string;
  itemCount: number;
  cash: boolean;
  groups: PickGroup[];
  linesTotal: number;
  /** lines ticked or marked short */
  linesDone: number;
  /** every line is ticked or short: Packed may be tapped */
  ready: boolean;
  /** the delivery address's phone, when a line's choice is "call me" (issue 18); else null */
  phone: string | null;
};

export type PickList = { storeId: string; storeName: string; orders: PickOrder[] };

const PICK_SELECT = {
  id: true,
  orderNumber: true,
  createdAt: true,
  paidAt: true,
  paymentMethod: true,
  itemCount: true,
  substitution: true,
  addressSnapshot: true,
  user: { select: { name: true } },
  lines: {
    select: {
      id: true,
      productId: true,
      name: true,
      image: true,
      unit: true,
      quantity: true,
      pickedAt: true,
      shortQuantity: true,
      substitution: true,
      callDecision: true,
      product: { select: { categories: { select: { category: { select: { name: true } } } } } },
    },
    orderBy: { id: "asc" },
  },
} as const satisfies Prisma.OrderSelect;

type PickRow = Prisma.OrderGetPayload<{ select: typeof PICK_SELECT }>;

const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

/** A line is done once it is ticked or marked short. */
const lineDone = (l: { pickedAt: Date | null; shortQuantity: number | null }) => !!l.pickedAt || !!l.shortQuantity;

function toPickOrder(row: PickRow, at = new Date()): PickOrder {
  const lines: PickLine[] = row.lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    name: l.name,
    image: l.image,
    unit: l.unit,
    quantity: l.quantity,
    category: l.product.categories.map((c) => c.category.name).sort(byName)[0] ?? UNCATEGORISED,
    picked: !!l.pickedAt,
    short: l.shortQuantity ?? 0,
    substitution: l.substitution ?? row.substitution,
    callDecision: l.callDecision,
  }));
  const groups = new Map<string, PickLine[]>();
  for (const line of lines) groups.set(line.category, [...(groups.get(line.category) ?? []), line]);
  const done = row.lines.filter(lineDone).length;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    placedAt: (row.paidAt ?? row.createdAt).toISOString(),
    waitedMinutes: Math.max(0, Math.floor((at.getTime() - (row.paidAt ?? row.createdAt).getTime()) / 60_000)),
    customerFirstName: row.user.name.split(" ")[0] ?? "",
    itemCount: row.itemCount,
    cash: row.paymentMethod === "CASH_ON_DELIVERY",
    groups: [...groups.entries()]
      .sort(([a], [b]) => byName(a, b))
      .map(([category, ls]) => ({ category, lines: ls.sort((a, b) => byName(a.name, b.name)) })),
    linesTotal: lines.length,
    linesDone: done,
    ready: lines.length > 0 && done === lines.length,
    phone: lines.some((l) => l.substitution === "CALL") ? fromAddressSnapshot(row.addressSnapshot).mobile || null : null,
  };
}

/** The orders to pack at the worker's store (an admin names the store): placed, not yet packed, oldest first. */
export async function pickList(worker: StoreWorker, storeId?: string | null): Promise<PickList> {
  const store = await workStore(worker, storeId);
  const rows = await prisma.order.findMany({
    where: { status: "PLACED", ...(await ordersOfStore(store.id)) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: PICK_LIST_LIMIT,
    select: PICK_SELECT,
  });
  const at = new Date();
  return { storeId: store.id, storeName: store.name, orders: rows.map((r) => toPickOrder(r, at)) };
}

/** An order of the worker's stores, else 404 as if it did not exist. */
async function findWorkOrder(worker: StoreWorker, rawNumber: string) {
  const order = await prisma.order.findUnique({
    where: { orderNumber: normaliseOrderNumber(rawNumber) },
    select: { id: true, orderNumber: true, storeId: true },
  });
  if (!order || (worker.storeId !== null && !(await isOrderOfStore(order.storeId, worker.storeId))))
    throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return order;
}

const notPickable = (orderNumber: string, status: keyof typeof STATUS_LABEL) =>
  new AppError(
    "CONFLICT",
    `Order ${orderNumber} is ${STATUS_LABEL[status].toLowerCase()}: only placed orders are picked`,
  );

/**
 * Ticks a line (picked: true), marks it short (short: 1 … quantity units missing) or clears either (picked: false,
 * short: 0), under the order's row lock while it is placed. A tick clears a short mark and a short mark a tick. 404 for
 * another store's order or a line not on it; 400 for a short count above the line's quantity; 409 once the order is
 * no longer placed. Answers the order as the pick list shows it.
 */
export async function markPickLine(worker: StoreWorker, input: PickLineInput): Promise<PickOrder> {
  const order = await findWorkOrder(worker, input.orderId);
  await runTx(async (tx) => {
    const locked = await tx.$queryRaw<{ status: keyof typeof STATUS_LABEL }[]>`
      SELECT status FROM "Order" WHERE id = ${order.id} FOR UPDATE`;
    const status = locked[0]?.status;
    if (!status) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    const line = await tx.orderLine.findFirst({
      where: { id: input.lineId, orderId: order.id },
      select: {
        id: true,
        quantity: true,
        pickedAt: true,
        shortQuantity: true,
        callDecision: true,
        substitution: true,
        order: { select: { substitution: true } },
      },
    });
    if (!line) throw new AppError("NOT_FOUND", LINE_NOT_FOUND);
    if (status !== "PLACED") throw notPickable(order.orderNumber, status);
    if (input.short !== undefined && input.short > line.quantity) {
      const message = `short must be from 0 to ${line.quantity} (the line's quantity)`;
      throw new AppError("VALIDATION", message, { fieldErrors: { short: [message] } });
    }
    let pickedAt = line.pickedAt;
    let shortQuantity = line.shortQuantity;
    let callDecision = line.callDecision;
    if (input.short !== undefined) {
      shortQuantity = input.short > 0 ? input.short : null;
      if (shortQuantity) pickedAt = null;
    }
    if (input.picked === true) {
      pickedAt = line.pickedAt ?? new Date();
      shortQuantity = null;
    } else if (input.picked === false) pickedAt = null;
    // what the shopper said on the phone (issue 18): only about units that are missing
    if (input.callDecision !== undefined) {
      if ((line.substitution ?? line.order.substitution) !== "CALL") {
        const message = "The shopper did not ask to be called about this item: packing does as they chose";
        throw new AppError("CONFLICT", message, { fieldErrors: { callDecision: [message] } });
      }
      if (!shortQuantity) {
        const message = "Mark the line short before recording what the shopper said";
        throw new AppError("CONFLICT", message, { fieldErrors: { callDecision: [message] } });
      }
      callDecision = input.callDecision;
    }
    if (!shortQuantity) callDecision = null;
    await tx.orderLine.update({ where: { id: line.id }, data: { pickedAt, shortQuantity, callDecision } });
  });
  const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: PICK_SELECT });
  return toPickOrder(row);
}

export const linesLeftMessage = (left: LockedOrderLines["lines"]) => {
  const names = left.slice(0, 3).map((l) => l.name);
  const more = left.length > 3 ? ` and ${left.length - 3} more` : "";
  return `Tick or mark short every line before packing: ${left.length} of the order's lines ${left.length === 1 ? "is" : "are"} not done (${names.join(", ")}${more})`;
};

/**
 * Packed: the lifecycle's placed → packed step for the worker (another store's order: 404), refused with 409 until
 * every line is ticked or short (checked under the order's row lock). Dispatch goes on as after "Mark packed".
 */
export async function packPickedOrder(worker: StoreWorker, orderNumber: string): Promise<Order> {
  await findWorkOrder(worker, orderNumber);
  return packFromPickList(worker, orderNumber, (order) => {
    if (order.status !== "PLACED") return; // the lifecycle says why it cannot be packed
    const left = order.lines.filter((l) => !lineDone(l));
    if (left.length) throw new AppError("CONFLICT", linesLeftMessage(left));
  });
}

/** The toast after Packed, naming the short units when there are some. */
export function packedMessage(order: Order): string {
  const short = order.lines.reduce((n, l) => n + l.short, 0);
  return short
    ? `Order ${order.orderNumber} packed with ${short} ${short === 1 ? "unit" : "units"} short; handed to dispatch`
    : `Order ${order.orderNumber} packed; handed to dispatch`;
}
