import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit";
import { prisma, runTx } from "@/lib/db";
import { reassignPartner } from "@/lib/dispatch";
import { recordOrderEvent } from "@/lib/events/record";
import { AppError } from "@/lib/errors";
import { lockOrder } from "./lock";
import { normaliseOrderNumber } from "./order-number";
import { ORDER_NOT_FOUND } from "./types";

// A partner gone silent on a delivery (issue 17, "Exceptions an admin can act on"): no position and no step for
// SILENT_PARTNER_MINUTES. The board flags it; while the order is still at the store, the admin gives it to another
// free partner of the store. Once it is out for delivery the goods are with the silent partner: the admin calls them
// (the board shows the number) or cancels, nothing else moves the order.

/** How long a partner on a delivery may go unheard (no position, no step, no look at the app) before the flag. */
export const SILENT_PARTNER_MINUTES = 5;

/** Minutes since the partner of an active delivery was last heard from, when that is long enough to flag; else null. */
export function silentMinutes(
  assignment: { assignedAt: Date; lastSeenAt: Date | null; completedAt: Date | null } | null,
  status: string,
  now = Date.now(),
): number | null {
  if (!assignment || assignment.completedAt || !["PLACED", "PACKED", "OUT_FOR_DELIVERY"].includes(status)) return null;
  const heard = Math.max(assignment.assignedAt.getTime(), assignment.lastSeenAt?.getTime() ?? 0);
  const minutes = Math.floor((now - heard) / 60_000);
  return minutes >= SILENT_PARTNER_MINUTES ? minutes : null;
}

export const NO_PARTNER_TO_REPLACE = "No delivery partner is assigned to this order";
export const NOBODY_ELSE_FREE = "No other partner of this store is free right now. Try again when one is, or call the partner.";
export const ORDER_WITH_PARTNER = (name: string, phone: string) =>
  `The order is already out with ${name}: call them on ${phone}, or cancel the order`;

export type Reassigned = { message: string; orderNumber: string; partner: { name: string; phone: string; eta: string } };

/** Gives a placed or packed order to another free partner of its store (an admin's call); audited. */
export async function reassignOrder(actor: AuditActor, orderNumber: string): Promise<Reassigned> {
  const number = normaliseOrderNumber(orderNumber);
  const found = await prisma.order.findUnique({ where: { orderNumber: number }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return runTx(async (tx) => {
    const order = await lockOrder(tx, found.id, {
      id: true,
      orderNumber: true,
      status: true,
      itemCount: true,
      storeId: true,
      paymentMethod: true,
      assignment: { select: { id: true, partnerId: true, completedAt: true, partner: { select: { name: true, phone: true } } } },
    });
    const current = order.assignment;
    if (!current || current.completedAt || !["PLACED", "PACKED", "OUT_FOR_DELIVERY"].includes(order.status)) {
      throw new AppError("CONFLICT", NO_PARTNER_TO_REPLACE);
    }
    if (order.status === "OUT_FOR_DELIVERY") {
      throw new AppError("CONFLICT", ORDER_WITH_PARTNER(current.partner.name, current.partner.phone));
    }
    const next = await reassignPartner(tx, { ...order, assignmentId: current.id, partnerId: current.partnerId });
    if (!next) throw new AppError("CONFLICT", NOBODY_ELSE_FREE);
    await recordOrderEvent(tx, order.id, "partner", {
      step: "reassigned",
      label: `New delivery partner: ${next.name}`,
      at: new Date().toISOString(),
    });
    await recordAudit(tx, {
      actor,
      action: "order.reassign",
      subject: { type: "order", id: order.id, label: order.orderNumber },
      before: { partner: current.partner.name },
      after: { partner: next.name },
    });
    return {
      message: `Order ${order.orderNumber} is now with ${next.name} (ETA ${next.eta})`,
      orderNumber: order.orderNumber,
      partner: { name: next.name, phone: next.phone, eta: next.eta },
    };
  });
}
