import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Viewer } from "@/lib/auth/viewer";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { dispatchIfPartnersFree, releasePartner } from "@/lib/dispatch";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { validationError } from "@/lib/http/parse";
import { isLocalSession, providerForSession } from "@/lib/payments";
import { orderSelect, toOrder } from "./records";
import { cancelUnpaidInTx, refundCancelledOrderQuietly } from "./fulfilment";
import { normaliseOrderNumber } from "./order-number";
import { cancelOrderSchema, orderStatusSchema, type AdminTargetStatus } from "./schemas";
import { returnStock } from "./stock";
import { runTx } from "./tx";
import { recordOrderEvent } from "@/lib/events/record";
import { ORDER_NOT_FOUND, STATUS_LABEL, type Order, type OrderStatusValue } from "./types";

// The order lifecycle (issue 5 §8): placed → packed → out for delivery → delivered, or cancelled. Each step locks
// the order row, checks the step is allowed from the current status, and applies its effects in the same
// transaction: delivered and cancelled close the partner's assignment and free them (handing them the oldest
// queued order at once); delivered marks a cash order paid; cancelled returns the stock. A paid card order that
// is cancelled is refunded once, after the commit (the provider call is idempotent per order). A step taken by an
// admin (DELIVERED by hand is the manual completion of a delivery) appends an "order.status" entry to the audit log
// in the same transaction, status before → after as read under the lock.

type Actor = { kind: "admin"; viewer: Viewer } | { kind: "shopper"; userId: string };

const ALLOWED_FROM: Record<AdminTargetStatus, { admin: OrderStatusValue[]; shopper: OrderStatusValue[] }> = {
  PACKED: { admin: ["PLACED"], shopper: [] },
  OUT_FOR_DELIVERY: { admin: ["PACKED"], shopper: [] },
  DELIVERED: { admin: ["OUT_FOR_DELIVERY"], shopper: [] },
  CANCELLED: { admin: ["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"], shopper: ["PLACED", "PACKED"] },
};

/** The admin's next step for an order in each status (the buttons of /dashboard/orders). */
export const NEXT_STEP: Partial<Record<OrderStatusValue, { status: AdminTargetStatus; label: string }>> = {
  PLACED: { status: "PACKED", label: "Mark packed" },
  PACKED: { status: "OUT_FOR_DELIVERY", label: "Out for delivery" },
  OUT_FOR_DELIVERY: { status: "DELIVERED", label: "Delivered" },
};

const VERB: Record<AdminTargetStatus, string> = {
  PACKED: "packed",
  OUT_FOR_DELIVERY: "sent out for delivery",
  DELIVERED: "marked delivered",
  CANCELLED: "cancelled",
};

function refusal(current: OrderStatusValue, target: AdminTargetStatus, actor: Actor): AppError {
  if (current === target) return new AppError("CONFLICT", `This order is already ${STATUS_LABEL[current].toLowerCase()}`);
  if (actor.kind === "shopper" && target === "CANCELLED") {
    if (current === "OUT_FOR_DELIVERY") {
      return new AppError("CONFLICT", "This order is already out for delivery and can no longer be cancelled");
    }
    if (current === "PENDING_PAYMENT") {
      return new AppError("CONFLICT", "This order is waiting for its payment; cancel it on the payment page");
    }
  }
  return new AppError(
    "CONFLICT",
    `An order that is ${STATUS_LABEL[current].toLowerCase()} cannot be ${VERB[target]}`,
  );
}

type Effects = {
  orderId: string;
  restocked: string[];
  refund: boolean;
  partnerFreed: boolean;
};

async function transition(rawNumber: string, target: AdminTargetStatus, actor: Actor): Promise<Order> {
  const orderNumber = normaliseOrderNumber(rawNumber);
  const found = await prisma.order.findUnique({
    where: { orderNumber },
    select: { id: true, userId: true, status: true, paymentSessionId: true },
  });
  if (!found || (actor.kind === "shopper" && found.userId !== actor.userId)) {
    throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  }
  // an unpaid card order: close its provider session first, so it cannot be paid after we let go of the stock
  if (target === "CANCELLED" && found.status === "PENDING_PAYMENT" && actor.kind === "admin") {
    const session = found.paymentSessionId;
    if (session && !isLocalSession(session)) {
      const state = await providerForSession(session).expireSession(session);
      if (state === "completed") {
        throw new AppError("CONFLICT", "This order was paid a moment ago; refresh and cancel it again to refund it");
      }
    }
  }

  const effects = await runTx(async (tx): Promise<Effects> => {
    await tx.$queryRaw`SELECT id FROM "Order" WHERE id = ${found.id} FOR UPDATE`;
    const order = await tx.order.findUniqueOrThrow({
      where: { id: found.id },
      select: {
        id: true,
        status: true,
        paymentMethod: true,
        paymentStatus: true,
        storeId: true,
        lines: { select: { productId: true, quantity: true } },
        assignment: { select: { id: true, partnerId: true, completedAt: true } },
      },
    });
    const allowed = ALLOWED_FROM[target][actor.kind];
    if (!allowed.includes(order.status)) throw refusal(order.status, target, actor);
    const now = new Date();
    const activeAssignment = order.assignment && !order.assignment.completedAt ? order.assignment : null;
    const effects: Effects = { orderId: order.id, restocked: [], refund: false, partnerFreed: false };
    let changed = true;

    switch (target) {
      case "PACKED":
        await tx.order.update({ where: { id: order.id }, data: { status: "PACKED", packedAt: now } });
        break;
      case "OUT_FOR_DELIVERY":
        if (!activeAssignment) {
          throw new AppError("CONFLICT", "No delivery partner is assigned to this order yet");
        }
        await tx.order.update({
          where: { id: order.id },
          data: { status: "OUT_FOR_DELIVERY", outForDeliveryAt: now },
        });
        break;
      case "DELIVERED":
        await tx.order.update({
          where: { id: order.id },
          data: {
            status: "DELIVERED",
            deliveredAt: now,
            // the cash was collected at the door
            ...(order.paymentMethod === "CASH_ON_DELIVERY" ? { paymentStatus: "PAID", paidAt: now } : {}),
          },
        });
        if (activeAssignment) {
          await tx.partnerAssignment.update({ where: { id: activeAssignment.id }, data: { completedAt: now } });
          await releasePartner(tx, activeAssignment.partnerId, { returning: true });
          effects.partnerFreed = true;
        }
        break;
      case "CANCELLED": {
        if (order.status === "PENDING_PAYMENT") {
          const done = await cancelUnpaidInTx(tx, order.id, { restoreCart: false });
          effects.restocked = done?.restocked ?? [];
          changed = done !== null;
          break;
        }
        await tx.order.update({
          where: { id: order.id },
          data: { status: "CANCELLED", cancelledAt: now, dispatchQueuedAt: null },
        });
        effects.restocked = await returnStock(tx, order.storeId, order.id, order.lines);
        if (activeAssignment) {
          await tx.partnerAssignment.update({ where: { id: activeAssignment.id }, data: { completedAt: now } });
          await releasePartner(tx, activeAssignment.partnerId, { returning: order.status === "OUT_FOR_DELIVERY" });
          effects.partnerFreed = true;
        }
        effects.refund = order.paymentMethod === "CARD" && order.paymentStatus === "PAID";
        break;
      }
    }
    // the order's page and the board follow live (GET /api/order/events)
    if (changed) await recordOrderEvent(tx, order.id, "status", { status: target, label: STATUS_LABEL[target] });
    if (actor.kind === "admin" && changed) {
      const after = await tx.order.findUniqueOrThrow({
        where: { id: order.id },
        select: { status: true, paymentStatus: true },
      });
      // the payment too when the step changed it (cash collected at the door, an unpaid card order given up)
      const payment = after.paymentStatus !== order.paymentStatus;
      await recordAudit(tx, {
        actor: actor.viewer,
        action: "order.status",
        subject: { type: "order", id: order.id, label: orderNumber },
        before: payment ? { status: order.status, paymentStatus: order.paymentStatus } : { status: order.status },
        after: payment ? { status: after.status, paymentStatus: after.paymentStatus } : { status: after.status },
      });
    }
    return effects;
  });

  if (effects.restocked.length) invalidateCatalog("stock", effects.restocked);
  if (effects.refund) await refundCancelledOrderQuietly(effects.orderId);
  if (effects.partnerFreed) await dispatchIfPartnersFree();
  const row = await prisma.order.findUniqueOrThrow({ where: { id: effects.orderId }, select: orderSelect });
  return toOrder(row);
}

/** Admin: moves an order to its next status, or cancels it (`PUT /api/order/status`, the admin orders page). */
export async function updateOrderStatus(viewer: Viewer, rawInput: unknown): Promise<Order> {
  if (viewer.role !== "ADMIN") throw new AppError("FORBIDDEN", "Do not have permission");
  const parsed = orderStatusSchema.safeParse(rawInput ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return transition(parsed.data.orderId, parsed.data.status, { kind: "admin", viewer });
}

/** Shopper: cancels their own order while it is placed or packed (`POST /api/order/cancel`, the order page). */
export async function cancelMyOrder(viewer: Viewer, rawInput: unknown): Promise<Order> {
  const parsed = cancelOrderSchema.safeParse(rawInput ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return transition(parsed.data.orderId, "CANCELLED", { kind: "shopper", userId: viewer.id });
}

/** The toast after a status change. */
export function statusMessage(order: Order): string {
  if (order.status === "CANCELLED") {
    return order.paymentStatus === "REFUNDED"
      ? `Order ${order.orderNumber} cancelled; your payment has been refunded`
      : `Order ${order.orderNumber} cancelled`;
  }
  return `Order ${order.orderNumber} is now ${order.statusLabel.toLowerCase()}`;
}
