import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit";
import { prisma, runTx, type Tx } from "@/lib/db";
import { dispatchQueuedOrders } from "@/lib/dispatch";
import { AppError } from "@/lib/errors";
import type { PartnerStatusValues } from "@/lib/catalog/admin/schemas";
import { PARTNER_SELECT as select, toPartner, type Partner } from "./partner";

// The admin's view of delivery partners (spec §2 Delivery Partners admin, decisions.md): the list, and the
// Available / Busy switch. An admin can always set Busy. Available is refused while the partner is on an active
// delivery (an assignment not completed whose order is neither delivered nor cancelled); otherwise it starts
// the partner's idle time (availableSince) and hands the oldest queued order to a free partner at once (lib/dispatch),
// so the answer may already show them Busy again. A switch that changes the partner's state appends an audit entry
// (lib/audit, "partner.availability") in the same transaction; switching a new applicant on is their approval.


export const PARTNER_NOT_FOUND = "Delivery partner not found";
export const DEACTIVATED_NOT_AVAILABLE =
  "This partner is deactivated. Reactivate them before switching them to Available.";
export const ON_ACTIVE_DELIVERY_MESSAGE =
  "This partner is on an active delivery; they become available when it is delivered or cancelled";


/** Every partner, newest applicants first (`GET /api/delivery-partner`). */
export async function listPartners(): Promise<Partner[]> {
  const rows = await prisma.deliveryPartner.findMany({ select, orderBy: [{ createdAt: "desc" }, { seq: "desc" }] });
  return rows.map(toPartner);
}

/**
 * Sets a partner Available or Busy. The partner's row is locked for the check and the write, the same lock dispatch
 * takes when it claims a partner, so an assignment cannot slip in between.
 */
export async function setPartnerAvailability(actor: AuditActor, input: PartnerStatusValues): Promise<Partner> {
  return switchAvailability(actor, input, "admin");
}

/** The active delivery's order number, when the partner is on one (read under the caller's lock). */
async function activeOrderNumber(tx: Tx, partnerId: string): Promise<string | null> {
  const active = await tx.partnerAssignment.findFirst({
    where: { partnerId, completedAt: null, order: { status: { notIn: ["DELIVERED", "CANCELLED"] } } },
    select: { order: { select: { orderNumber: true } } },
  });
  return active?.order.orderNumber ?? null;
}

/** Said to a partner going offline with a delivery under way. */
export const OFFLINE_WITH_DELIVERY = (orderNumber: string) =>
  `You are on a delivery (${orderNumber}). Deliver it, or mark the customer unavailable, before going offline.`;

/**
 * The one switch behind the admin's toggle and the partner app's Online / Offline (issue 17). An admin may always
 * set Busy; a partner going offline with an active delivery is refused with the reason. Switching on is refused to
 * an admin while the partner is on a delivery, and is nothing to do for the partner (they are on duty already);
 * otherwise it hands a queued order at once.
 */
export async function switchAvailability(
  actor: AuditActor,
  input: PartnerStatusValues,
  by: "admin" | "partner",
): Promise<Partner> {
  // (when switching on hands the partner a queued order at once, the answer shows them Busy again)
  const partner = await runTx(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string; isAvailable: boolean; seq: number; name: string; deactivatedAt: Date | null }[]
    >`
      SELECT id, "isAvailable", seq, name, "deactivatedAt" FROM "DeliveryPartner" WHERE id = ${input.partnerId} FOR UPDATE`;
    const current = locked[0];
    if (!current) throw new AppError("NOT_FOUND", PARTNER_NOT_FOUND);
    const audit = () =>
      recordAudit(tx, {
        actor,
        action: "partner.availability",
        subject: { type: "partner", id: current.id, label: `Partner #${current.seq} ${current.name}` },
        before: { isAvailable: current.isAvailable },
        after: { isAvailable: input.isAvailable },
      });
    if (!input.isAvailable) {
      if (by === "partner") {
        const orderNumber = await activeOrderNumber(tx, input.partnerId);
        if (orderNumber) throw new AppError("CONFLICT", OFFLINE_WITH_DELIVERY(orderNumber));
      }
      if (current.isAvailable) await audit();
      return tx.deliveryPartner.update({
        where: { id: input.partnerId },
        data: { isAvailable: false, availableSince: null },
        select,
      });
    }
    if (current.deactivatedAt) throw new AppError("CONFLICT", DEACTIVATED_NOT_AVAILABLE);
    if (await activeOrderNumber(tx, input.partnerId)) {
      if (by === "admin") throw new AppError("CONFLICT", ON_ACTIVE_DELIVERY_MESSAGE);
      return tx.deliveryPartner.findUniqueOrThrow({ where: { id: input.partnerId }, select });
    }
    // already available: keep their place in the queue (the one idle longest is dispatched first)
    if (!current.isAvailable) {
      await audit();
      await tx.deliveryPartner.update({
        where: { id: input.partnerId },
        data: { isAvailable: true, availableSince: new Date() },
      });
      // in the same transaction, so a queued order is handed out by the switch that freed its partner
      await dispatchQueuedOrders(tx);
    }
    return tx.deliveryPartner.findUniqueOrThrow({ where: { id: input.partnerId }, select });
  });
  return toPartner(partner);
}

/** The answer to the switch, naming what was asked for, word for word as the spec's toast (§4). */
export function partnerStatusMessage(requested: boolean): string {
  return `Status updated to ${requested ? "Available" : "Busy"}`;
}

/** Said beside that answer when switching a partner on handed them a queued order at once (they show Busy again). */
export function queuedOrderNote(requested: boolean, partner: Partner): string | null {
  return requested && !partner.isAvailable ? `Partner #${partner.partnerNumber} took a queued order` : null;
}
