import "server-only";
import { log } from "@/lib/log";
import { Prisma, prisma, runTx } from "@/lib/db";
import { cashLimitPaise } from "./cash-limit";
import { computeEta, formatEta, TRAVEL_MINUTES } from "./eta";

// Delivery partners and orders (decisions.md, Delivery partners): one isAvailable flag per partner. Dispatch
// claims the partner idle longest with FOR UPDATE SKIP LOCKED, so concurrent orders never share a partner and
// never wait for each other's locks; a placed order with nobody free waits in a queue (dispatchQueuedAt) and is
// handed to the next partner who becomes free (delivered, cancelled, or switched on by an admin).
//
// By store (issue 16): an order is delivered by a partner of its own dark store (DeliveryPartner.storeId), never by
// another store's. A partner placed at no store, and an order from before stores, count as the default store's.
//
// Cash limit (issue 17): a partner whose cash in hand (the CashLedgerEntry sum) has reached PARTNER_CASH_LIMIT gets no
// new cash-on-delivery order until they settle; card orders still reach them. A deactivated partner gets nothing.

type Tx = Prisma.TransactionClient;

export type AssignedPartner = {
  partnerId: string;
  name: string;
  phone: string;
  etaMinutes: number;
  /** "9 minutes" */
  eta: string;
  etaAt: Date;
};

export type DispatchedOrder = { orderId: string; orderNumber: string; partner: AssignedPartner };

type PartnerRow = { id: string; name: string; phone: string };
type OrderForDispatch = {
  id: string;
  itemCount: number;
  storeId: string | null;
  paymentMethod: "CASH_ON_DELIVERY" | "CARD";
};

/** A row's store, a missing one (null) counting as the default store's. */
const storeOf = (column: Prisma.Sql) =>
  Prisma.sql`COALESCE(${column}, (SELECT s.id FROM "Store" s WHERE s."isDefault" ORDER BY s.id LIMIT 1))`;
const PARTNER_STORE = storeOf(Prisma.sql`"DeliveryPartner"."storeId"`);
const ORDER_STORE = storeOf(Prisma.sql`"Order"."storeId"`);

/** The partner row `partner` (an SQL expression naming its id) may take a cash order: under the cash limit. */
const underCashLimit = (partner: Prisma.Sql) => Prisma.sql`(
  SELECT COALESCE(SUM(e."amountPaise"), 0) FROM "CashLedgerEntry" e WHERE e."partnerId" = ${partner}) < ${cashLimitPaise()}`;
/** The order in `"Order"` may go to `partner`: a card order always, a cash one while the partner is under the limit. */
const mayCarry = (partner: Prisma.Sql) =>
  Prisma.sql`("Order"."paymentMethod" <> 'CASH_ON_DELIVERY' OR ${underCashLimit(partner)})`;

/**
 * Claims the available partner of the order's store idle longest (skipping partners other transactions hold) and
 * marks them busy; null when nobody of its store is free. dispatchOrder's first step, and on its own for a placement
 * that writes its order in one statement (lib/orders/place-order.ts): the partner is claimed first, so the order is
 * written queued (dispatchQueuedAt) or not from the start, then assignClaimedPartner.
 */
export async function claimPartnerFor(
  tx: Tx,
  order: Pick<OrderForDispatch, "storeId" | "paymentMethod">,
): Promise<ClaimedPartner | null> {
  const cash = order.paymentMethod === "CASH_ON_DELIVERY";
  // found, locked and marked busy in one statement (it runs inside every cash placement's transaction)
  const rows = await tx.$queryRaw<PartnerRow[]>`
    UPDATE "DeliveryPartner" SET "isAvailable" = false, "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE id = (
      SELECT id FROM "DeliveryPartner"
      WHERE "isAvailable" AND "deactivatedAt" IS NULL
        AND ${PARTNER_STORE} = ${storeOf(Prisma.sql`${order.storeId}::text`)}
        AND (NOT ${cash} OR ${underCashLimit(Prisma.sql`"DeliveryPartner".id`)})
      ORDER BY "availableSince" ASC NULLS FIRST, seq ASC
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, name, phone`;
  return rows[0] ?? null;
}

async function createAssignment(
  tx: Tx,
  order: OrderForDispatch,
  partner: PartnerRow,
  partnerReadyInMinutes: number,
  wasQueued = true,
): Promise<AssignedPartner> {
  const eta = computeEta({ itemCount: order.itemCount, partnerReadyInMinutes });
  const assignedAt = new Date();
  const etaAt = new Date(assignedAt.getTime() + eta.minutes * 60_000);
  await tx.partnerAssignment.create({
    data: { orderId: order.id, partnerId: partner.id, etaMinutes: eta.minutes, etaAt, assignedAt },
  });
  if (wasQueued) await tx.order.update({ where: { id: order.id }, data: { dispatchQueuedAt: null } });
  return {
    partnerId: partner.id,
    name: partner.name,
    phone: partner.phone,
    etaMinutes: eta.minutes,
    eta: formatEta(eta.minutes),
    etaAt,
  };
}

/**
 * Dispatches an order that has just become ready for delivery (a cash order placed, a card order paid), inside
 * the transaction that made it so: a free partner is assigned with a computed ETA, or, with nobody free, the
 * order joins the queue. Returns the partner, or null when queued.
 */
export async function dispatchOrder(tx: Tx, order: OrderForDispatch): Promise<AssignedPartner | null> {
  const partner = await claimPartnerFor(tx, order);
  if (partner) return assignClaimedPartner(tx, order, partner);
  await tx.order.update({ where: { id: order.id }, data: { dispatchQueuedAt: new Date() } });
  return null;
}

/** A partner claimed for an order not yet written (claimPartnerFor), to assign once it is (assignClaimedPartner). */
export type ClaimedPartner = PartnerRow;

/** The assignment of a partner claimed by claimPartnerFor, once the order is written (not queued). */
export function assignClaimedPartner(
  tx: Tx,
  order: OrderForDispatch,
  partner: ClaimedPartner,
): Promise<AssignedPartner> {
  return createAssignment(tx, order, partner, 0, false);
}

type QueuedRow = OrderForDispatch & { orderNumber: string };

/**
 * The oldest queued order that no other transaction is handing out (locked for this one): one the partner may carry
 * (`forPartner`: their store, and their cash limit), or else one of a store with a partner available who may carry it.
 * `skip`: orders this transaction already found no partner for.
 */
async function lockOldestQueued(tx: Tx, forPartner?: string, skip: string[] = []): Promise<QueuedRow | null> {
  const match = forPartner
    ? Prisma.sql`${ORDER_STORE} = (SELECT ${PARTNER_STORE} FROM "DeliveryPartner" WHERE id = ${forPartner})
        AND ${mayCarry(Prisma.sql`${forPartner}`)}`
    : Prisma.sql`EXISTS (SELECT 1 FROM "DeliveryPartner" WHERE "isAvailable" AND "deactivatedAt" IS NULL
        AND ${PARTNER_STORE} = ${ORDER_STORE} AND ${mayCarry(Prisma.sql`"DeliveryPartner".id`)})`;
  const skipped = skip.length ? Prisma.sql`AND NOT ("Order".id = ANY(${skip}))` : Prisma.empty;
  const rows = await tx.$queryRaw<QueuedRow[]>`
    SELECT id, "orderNumber", "itemCount", "storeId", "paymentMethod"::text AS "paymentMethod" FROM "Order"
    WHERE "dispatchQueuedAt" IS NOT NULL AND status IN ('PLACED', 'PACKED') AND ${match} ${skipped}
    ORDER BY "dispatchQueuedAt" ASC, id ASC
    LIMIT 1
    FOR UPDATE SKIP LOCKED`;
  return rows[0] ?? null;
}

/**
 * A partner's delivery ended (delivered or cancelled): the assignment is closed by the caller; this frees the
 * partner and, when orders are queued, immediately hands them the oldest one (so they stay busy). `returning`
 * says the partner is at a customer's door (delivered, or cancelled while out) and must ride back first, which
 * the next ETA includes. Other idle partners then take whatever else is queued.
 */
export async function releasePartner(
  tx: Tx,
  partnerId: string,
  options: { returning: boolean },
): Promise<DispatchedOrder[]> {
  const locked = await tx.$queryRaw<(PartnerRow & { deactivatedAt: Date | null })[]>`
    SELECT id, name, phone, "deactivatedAt" FROM "DeliveryPartner" WHERE id = ${partnerId} FOR UPDATE`;
  const partner = locked[0];
  if (!partner) return [];
  const handed: DispatchedOrder[] = [];
  // a partner deactivated during their last delivery is not made available again (issue 17)
  const next = partner.deactivatedAt ? null : await lockOldestQueued(tx, partner.id);
  if (partner.deactivatedAt) {
    await tx.deliveryPartner.update({ where: { id: partner.id }, data: { isAvailable: false } });
  } else if (next) {
    await tx.deliveryPartner.update({ where: { id: partner.id }, data: { isAvailable: false } });
    const assigned = await createAssignment(tx, next, partner, options.returning ? TRAVEL_MINUTES : 0);
    handed.push({ orderId: next.id, orderNumber: next.orderNumber, partner: assigned });
  } else {
    await tx.deliveryPartner.update({
      where: { id: partner.id },
      data: { isAvailable: true, availableSince: new Date() },
    });
  }
  handed.push(...(await dispatchQueuedOrders(tx)));
  return handed;
}

/**
 * Hands queued orders, oldest first, to available partners until one of the two runs out. Call it after a
 * partner becomes available (the admin's Available switch); pass the transaction that freed them, or nothing
 * to run after that transaction committed. Concurrent callers never hand out the same order or partner.
 */
export async function dispatchQueuedOrders(tx?: Tx): Promise<DispatchedOrder[]> {
  if (!tx) return runTx((t) => dispatchQueuedOrders(t));
  // One hand-out at a time: with SKIP LOCKED alone, two callers each holding an order and a partner skip past each
  // other's rows and hand out a younger order before an older one. Waiting here is safe: every lock taken below
  // skips what it cannot get, so the holder never waits on us.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('kwikmart:dispatch-queue'))`;
  const handed: DispatchedOrder[] = [];
  const skip: string[] = [];
  // bounded: a burst of partners switched on at once hands out at most this many orders per call
  for (let i = 0; i < 200; i++) {
    const order = await lockOldestQueued(tx, undefined, skip);
    if (!order) break;
    const partner = await claimPartnerFor(tx, order);
    // its store's partner was taken meanwhile (the next look, or the safety-net job, retries): try the next order
    if (!partner) {
      skip.push(order.id);
      continue;
    }
    const assigned = await createAssignment(tx, order, partner, 0);
    handed.push({ orderId: order.id, orderNumber: order.orderNumber, partner: assigned });
  }
  return handed;
}

/** Best-effort dispatchQueuedOrders() after a commit: a failure is logged, never thrown at the caller. */
export async function dispatchQueuedOrdersQuietly(): Promise<void> {
  try {
    await dispatchQueuedOrders();
  } catch (error) {
    log.error({ err: error }, "dispatch: handing out queued orders failed");
  }
}

/**
 * The backstop after a commit that queued an order or freed a partner: a transaction freeing a partner and one
 * queueing an order can each miss the other's uncommitted row, so whoever commits looks again. One cheap look
 * when no queued order has a free partner at its store; a failure is logged, never thrown.
 */
export async function dispatchIfPartnersFree(): Promise<void> {
  try {
    await handOutIfPartnersFree();
  } catch (error) {
    log.error({ err: error }, "dispatch: handing out queued orders failed");
  }
}

/**
 * The same look, for the safety-net job (lib/jobs) that runs it every minute in case every backstop missed: it
 * throws a failure, so that the job queue retries it, and says how many orders it handed out.
 */
export async function handOutIfPartnersFree(): Promise<number> {
  // one statement: a queued order with an available partner at its own store (what lockOldestQueued would find
  // before the cash limit); runs after every placement that queued, so it must stay cheap when none is waiting
  const [look] = await prisma.$queryRaw<{ waiting: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM "Order"
      WHERE "dispatchQueuedAt" IS NOT NULL AND status IN ('PLACED', 'PACKED')
        AND EXISTS (SELECT 1 FROM "DeliveryPartner" WHERE "isAvailable" AND "deactivatedAt" IS NULL
          AND ${PARTNER_STORE} = ${ORDER_STORE})) AS waiting`;
  return look?.waiting ? (await dispatchQueuedOrders()).length : 0;
}

/**
 * Gives an order's delivery to another partner of its store (an admin replacing a partner gone silent, issue 17):
 * the free partner idle longest who may carry it takes the assignment over with a fresh ETA from the store, and the
 * partner replaced is switched off (they come back online themselves, from the app). The caller holds the order's
 * row lock and has checked that the order is still at the store. Returns null, changing nothing, when nobody is free.
 */
export async function reassignPartner(
  tx: Tx,
  order: OrderForDispatch & { assignmentId: string; partnerId: string },
): Promise<AssignedPartner | null> {
  // the current partner is busy (isAvailable false), so never picked again here
  const partner = await claimPartnerFor(tx, order);
  if (!partner) return null;
  const eta = computeEta({ itemCount: order.itemCount, partnerReadyInMinutes: 0 });
  const assignedAt = new Date();
  const etaAt = new Date(assignedAt.getTime() + eta.minutes * 60_000);
  await tx.partnerAssignment.update({
    where: { id: order.assignmentId },
    data: { partnerId: partner.id, etaMinutes: eta.minutes, etaAt, assignedAt, pickedUpAt: null, arrivedAt: null, lastSeenAt: null },
  });
  await tx.deliveryPartner.update({ where: { id: order.partnerId }, data: { isAvailable: false } });
  return { partnerId: partner.id, name: partner.name, phone: partner.phone, etaMinutes: eta.minutes, eta: formatEta(eta.minutes), etaAt };
}
