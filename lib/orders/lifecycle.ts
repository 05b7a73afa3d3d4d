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
import { lockOrder } from "./lock";
import { normaliseOrderNumber } from "./order-number";
import { cancelOrderSchema, DELIVERED_REASON_REQUIRED, orderStatusSchema, type AdminTargetStatus } from "./schemas";
import { returnStock } from "./stock";
import { isOrderOfStore } from "./store-scope";
import { releaseCouponInTx } from "@/lib/coupons/store";
import { runTx } from "./tx";
import { recordOrderEvent } from "@/lib/events/record";
import { recordCashCollected } from "@/lib/partners/ledger";
import { newDoorCode } from "./door-code";
import { sendOutForDelivery, type OutForDeliveryInput } from "./mail";
import { afterSubstitutions, applySubstitutionsInTx, type SubstitutionEffects } from "./substitution";
import { ORDER_NOT_FOUND, STATUS_LABEL, type Order, type OrderStatusValue } from "./types";

// The order lifecycle (issue 5 §8): placed → packed → out for delivery → delivered, or cancelled. Each step locks
// the order row, checks the step is allowed from the current status, and applies its effects in the same
// transaction: delivered and cancelled close the partner's assignment and free them (handing them the oldest
// queued order at once); delivered marks a cash order paid; cancelled returns the stock. A paid card order that
// is cancelled is refunded once, after the commit (the provider call is idempotent per order). A step taken by an
// admin (DELIVERED by hand is the manual completion of a delivery) appends an "order.status" entry to the audit log
// in the same transaction, status before → after as read under the lock.

//
// The partner app (issue 17, lib/partners/app.ts) takes the same steps as the order's assigned partner: picked up
// (packed → out for delivery), delivered, and "customer unavailable" (out for delivery → cancelled, with its
// reason). Going out for delivery, by whoever, gives the order its door code (./door-code.ts) and e-mails it to the
// shopper; delivering a cash order adds its amount to the partner's cash in hand (lib/partners/ledger.ts).

//
// A store's staff (issue 16, the pick list in lib/orders/picklist.ts) take one step, placed → packed, for their own
// store's orders only: another store's order does not exist for them (404), as another partner's does not.

type Actor =
  | { kind: "admin"; viewer: Viewer }
  | { kind: "shopper"; userId: string }
  | { kind: "partner"; partnerId: string }
  | { kind: "staff"; viewer: Viewer; storeId: string };

const ALLOWED_FROM: Record<AdminTargetStatus, Record<Actor["kind"], OrderStatusValue[]>> = {
  PACKED: { admin: ["PLACED"], shopper: [], partner: [], staff: ["PLACED"] },
  OUT_FOR_DELIVERY: { admin: ["PACKED"], shopper: [], partner: ["PACKED"], staff: [] },
  DELIVERED: { admin: ["OUT_FOR_DELIVERY"], shopper: [], partner: ["OUT_FOR_DELIVERY"], staff: [] },
  CANCELLED: {
    admin: ["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"],
    shopper: ["PLACED", "PACKED"],
    partner: ["OUT_FOR_DELIVERY"],
    staff: [],
  },
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
  outForDelivery: OutForDeliveryInput | null;
  /** packing applied the shopper's substitution choices to short lines (issue 18) */
  substitutions: SubstitutionEffects | null;
};

/** The order as a step sees it under its row lock (the partner app's checks read the assignment's steps). */
export type LockedOrder = {
  id: string;
  status: OrderStatusValue;
  assignment: { id: string; partnerId: string; completedAt: Date | null; pickedUpAt: Date | null; arrivedAt: Date | null } | null;
};

/** The locked order with the pick list's marks per line (issue 16): Packed checks every line is ticked or short. */
export type LockedOrderLines = LockedOrder & {
  lines: { id: string; name: string; quantity: number; pickedAt: Date | null; shortQuantity: number | null }[];
};

export type TransitionOptions = {
  /** kept on the order's timeline (the status event's data): why it was cancelled, or delivered by hand */
  reason?: string;
  /** more checks under the row lock, before anything changes (the partner app's step order); throws to refuse */
  check?: (order: LockedOrderLines) => void;
};

const ownAssignment = (order: LockedOrder, actor: Actor) =>
  actor.kind !== "partner" ||
  (!!order.assignment && order.assignment.partnerId === actor.partnerId && !order.assignment.completedAt);

async function transition(
  rawNumber: string,
  target: AdminTargetStatus,
  actor: Actor,
  options: TransitionOptions = {},
): Promise<Order> {
  const orderNumber = normaliseOrderNumber(rawNumber);
  const found = await prisma.order.findUnique({
    where: { orderNumber },
    select: { id: true, userId: true, status: true, paymentSessionId: true, storeId: true },
  });
  if (
    !found ||
    (actor.kind === "shopper" && found.userId !== actor.userId) ||
    (actor.kind === "staff" && !(await isOrderOfStore(found.storeId, actor.storeId)))
  ) {
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
    const order = await lockOrder(tx, found.id, {
      id: true,
      status: true,
      paymentMethod: true,
      paymentStatus: true,
      storeId: true,
      totalPaise: true,
      tipPaise: true,
      user: { select: { email: true, name: true } },
      lines: {
        select: {
          id: true,
          productId: true,
          name: true,
          quantity: true,
          pickedAt: true,
          shortQuantity: true,
          substitutedAt: true,
        },
        orderBy: { id: "asc" },
      },
      assignment: {
        select: {
          id: true,
          partnerId: true,
          completedAt: true,
          pickedUpAt: true,
          arrivedAt: true,
          partner: { select: { name: true } },
        },
      },
    });
    // another partner's order, or one no longer theirs, does not exist for them
    if (!ownAssignment(order, actor)) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    options.check?.(order);
    const allowed = ALLOWED_FROM[target][actor.kind];
    if (!allowed.includes(order.status)) throw refusal(order.status, target, actor);
    const now = new Date();
    const activeAssignment = order.assignment && !order.assignment.completedAt ? order.assignment : null;
    const effects: Effects = {
      orderId: order.id,
      restocked: [],
      refund: false,
      partnerFreed: false,
      outForDelivery: null,
      substitutions: null,
    };
    // the partner app was heard from
    if (actor.kind === "partner" && activeAssignment) {
      await tx.partnerAssignment.update({ where: { id: activeAssignment.id }, data: { lastSeenAt: now } });
    }
    let changed = true;

    switch (target) {
      case "PACKED":
        // the lines marked short get the shopper's choice: replaced, or removed from the bill (./substitution.ts)
        effects.substitutions = await applySubstitutionsInTx(tx, order.id);
        await tx.order.update({ where: { id: order.id }, data: { status: "PACKED", packedAt: now } });
        break;
      case "OUT_FOR_DELIVERY":
        if (!activeAssignment) {
          throw new AppError("CONFLICT", "No delivery partner is assigned to this order yet");
        }
        {
          // proof of delivery: a fresh door code, e-mailed to the shopper after the commit
          const { code, ...door } = newDoorCode(order.id);
          await tx.order.update({
            where: { id: order.id },
            data: { status: "OUT_FOR_DELIVERY", outForDeliveryAt: now, ...door, doorCodeTries: 0 },
          });
          await tx.partnerAssignment.update({
            where: { id: activeAssignment.id },
            data: { pickedUpAt: activeAssignment.pickedUpAt ?? now },
          });
          effects.outForDelivery = {
            to: order.user.email,
            name: order.user.name,
            orderNumber,
            code,
            partnerName: activeAssignment.partner.name,
            ...(order.paymentMethod === "CASH_ON_DELIVERY" ? { cashToCollectPaise: order.totalPaise } : {}),
          };
        }
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
          // the cash taken at the door is in the partner's hands now (append-only ledger, once per order); the
          // ledger holds what the shop is owed: the tip in that cash is the partner's to keep (issue 18)
          if (order.paymentMethod === "CASH_ON_DELIVERY") {
            await recordCashCollected(tx, {
              partnerId: activeAssignment.partnerId,
              orderId: order.id,
              amountPaise: order.totalPaise - order.tipPaise,
            });
          }
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
        // a cancelled order gives its coupon use back (the coupon's row before the products', as an order takes them)
        await releaseCouponInTx(tx, order.id);
        // the units the order still holds: packing already gave back the missing ones of a short line (issue 18)
        effects.restocked = await returnStock(
          tx,
          order.storeId,
          order.id,
          order.lines
            .map((l) => ({ ...l, quantity: l.quantity - (l.substitutedAt ? (l.shortQuantity ?? 0) : 0) }))
            .filter((l) => l.quantity > 0),
        );
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
    if (changed) {
      await recordOrderEvent(tx, order.id, "status", {
        status: target,
        label: STATUS_LABEL[target],
        ...(options.reason ? { reason: options.reason } : {}),
      });
    }
    if ((actor.kind === "admin" || actor.kind === "staff") && changed) {
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
  if (effects.outForDelivery) sendOutForDelivery(effects.outForDelivery);
  if (effects.substitutions) await afterSubstitutions(effects.substitutions);
  const row = await prisma.order.findUniqueOrThrow({ where: { id: effects.orderId }, select: orderSelect });
  return toOrder(row);
}

/** Admin: moves an order to its next status, or cancels it (`PUT /api/order/status`, the admin orders page). */
export async function updateOrderStatus(viewer: Viewer, rawInput: unknown): Promise<Order> {
  if (viewer.role !== "ADMIN") throw new AppError("FORBIDDEN", "Do not have permission");
  const parsed = orderStatusSchema.safeParse(rawInput ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const { orderId, status, reason } = parsed.data;
  // by hand, without the shopper's door code: always with a reason, kept on the order's timeline
  if (status === "DELIVERED" && !reason) {
    throw new AppError("VALIDATION", DELIVERED_REASON_REQUIRED, { fieldErrors: { reason: [DELIVERED_REASON_REQUIRED] } });
  }
  return transition(orderId, status, { kind: "admin", viewer }, { reason });
}

/**
 * The partner app's steps (lib/partners/steps.ts) as the order's assigned partner: another partner's order is not
 * found; `check` runs under the order's row lock.
 */
export function partnerTransition(
  partnerId: string,
  orderNumber: string,
  target: "OUT_FOR_DELIVERY" | "DELIVERED" | "CANCELLED",
  options: TransitionOptions = {},
): Promise<Order> {
  return transition(orderNumber, target, { kind: "partner", partnerId }, options);
}

/**
 * The pick list's Packed (lib/orders/picklist.ts): an admin for any order, a store's staff member for their own
 * store's orders only (another store's order is not found). `check` runs under the order's row lock (every line
 * ticked or short).
 */
export function packFromPickList(
  worker: { viewer: Viewer; storeId: string | null },
  orderNumber: string,
  check: (order: LockedOrderLines) => void,
): Promise<Order> {
  const actor: Actor =
    worker.storeId === null
      ? { kind: "admin", viewer: worker.viewer }
      : { kind: "staff", viewer: worker.viewer, storeId: worker.storeId };
  return transition(orderNumber, "PACKED", actor, { check });
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
