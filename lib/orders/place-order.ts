import "server-only";
import { log } from "@/lib/log";
import type { Viewer } from "@/lib/auth/viewer";
import { invalidateCatalog, invalidateStoreStock } from "@/lib/catalog/cache";
import {
  assignClaimedPartner,
  claimPartnerFor,
  dispatchIfPartnersFree,
  type AssignedPartner,
  type ClaimedPartner,
} from "@/lib/dispatch";
import { prisma, Prisma } from "@/lib/db";
import { DELIVERY_ADDRESS_SELECT, toDeliveryAddress } from "@/lib/addresses";
import { addressProblem, type DeliveryAddress } from "@/lib/addresses/schema";
import { AppError } from "@/lib/errors";
import { validationError } from "@/lib/http/parse";
import { newLocalSessionId, paymentProvider, paymentSettings, providerForSession } from "@/lib/payments";
import { findOwnOrder } from "./own-order";
import { billColumns, billOfRow, billSelect, toAddressSnapshot, toOrder } from "./records";
import { computeBill, type AppliedFees, type Bill } from "@/lib/bill/compute";
import { TIP_LABEL } from "@/lib/bill/tips";
import { amountToPayText, billBreakdown, chargedFees } from "@/lib/bill/lines";
import { appliedFees } from "@/lib/bill/settings";
import { LASTING_RULES, termsOf, type CouponVerdict } from "@/lib/coupons/rules";
import { CouponRefused } from "@/lib/coupons/shopper";
import {
  cartCouponFromJson,
  cartCouponJson,
  claimCouponInTx,
  dropCartCoupon,
  recordCouponUse,
  verdictFor,
  type ShopperCoupon,
} from "@/lib/coupons/store";
import { formatPaise } from "@/lib/money";
import { abandonCardOrder } from "./fulfilment";
import { claimIdempotencyKey, completeIdempotencyKey, requestHash } from "./idempotency";
import {
  assertCashOrderRoom,
  assertUnpaidCap,
  consumePlacement,
  openCashOrdersSql,
  refusePastCashOrderRoom,
  refusePastUnpaidCap,
  unpaidHeldSql,
} from "./limits";
import { sendOrderConfirmation } from "./mail";
import { newOrderNumber } from "./order-number";
import { insertOrder } from "./order-insert";
import { cancelPendingInTx, pendingPaymentsSql, releasePendingPayments, type Pending } from "./pending-payment";
import { clientAmountsMatch, priceLines, type OrderTotals, type PricedLine } from "./pricing";
import { idempotencyKeySchema, type PlaceOrderValues } from "./schemas";
import { outOfStockMessage, takeStock } from "./stock";
import { admit } from "./stock-gate";
import { DEFAULT_SUBSTITUTION, type SubstitutionValue } from "./substitution-rules";
import { runTx, type Tx } from "./tx";
import { assertCashOrderEmailVerified } from "./verified-email";
import {
  deliveryLookSql,
  deliveryStoreFor,
  deliveryStoreOf,
  type DeliveryLook,
  type DeliveryStore,
} from "./delivery-store";
import {
  ADDRESS_NEEDS_FIX,
  EMPTY_CART_MESSAGE,
  PRICES_CHANGED_MESSAGE,
  QUEUED_MESSAGE,
  type CardCheckoutResult,
  type CashOnDeliveryResult,
  type Order,
  type OrderPartner,
} from "./types";

// Placing an order (issue 5 §4–6): one domain function per payment method, called by the server actions, the
// REST handlers and the tests. First the abuse limits (issue 20 #6, lib/orders/limits.ts), the dark store that
// serves the delivery address (./delivery-store.ts: 409 when none does or it is closed, with nothing changed) and
// the shopper's order awaiting card payment, which a new checkout replaces (./pending-payment.ts); the delivery
// address is read there too. Then everything that decides the order happens in ONE transaction: the idempotency key
// is claimed, the account's row is locked (one placement per account at a time, so its caps hold under
// concurrency), then ONE read under that lock (readUnderLock) brings the caller's cart rows, locked and priced from
// the database, and what the caps and the coupon need; the client's view of the cart and its amounts are compared
// (409 when they differ), a cash order's partner is claimed (one of its store's, or none: the order is queued), the
// order (with its store and promised minutes), its line snapshots and a cash order's emptied cart are written in one
// statement (./order-insert.ts), the partner is assigned, and stock is taken from that store's
// shelves with conditional updates LAST, just before the commit (issue 19 #3: a hot product's row lock is held for
// one statement and the commit). Before the transaction, the stock gate (./stock-gate.ts) holds the cart's units in
// memory, so a rush for a product's last units waits there and its sold-out buyers are refused without a
// transaction. A card order leaves the cart as it is until its payment is confirmed (issue 15 F5,
// ./fulfilment.ts). Any failure rolls all of it back. Mail and cache invalidation follow the commit.

/** `ip`: the caller's real address (lib/auth/client-ip.ts), for the per-address placement limit. */
export type PlaceOptions = { ip: string; idempotencyKey?: string | null };

/**
 * A card order holds its stock this long (issue 20 #6: 35 minutes let one account sit on stock it never paid for).
 * The hold sweeper (lib/orders/holds.ts, every minute) releases it, expiring the provider's session first.
 */
export const HOLD_MINUTES = 15;
/**
 * The provider's session outlives the hold (Stripe's shortest is 30 minutes; one more for the clock), so it is
 * always the hold's release that closes it, never the other way round; a payment made after the release is refunded.
 */
export const CARD_SESSION_MINUTES = 31;

export const CARD_UNAVAILABLE_MESSAGE =
  "Card payments are unavailable right now. Please try again, or choose Cash on Delivery.";

type CartRow = {
  cartId: string;
  productId: string;
  quantity: number;
  stock: number;
  name: string;
  images: string[];
  unit: string;
  pricePaise: number;
  discount: number;
  /** the line's own choice if the store is out of it at packing (issue 18); null: the order's default */
  substitution: SubstitutionValue | null;
};

type Placed = {
  order: { id: string; orderNumber: string; itemCount: number; createdAt: Date; storeId: string };
  /** a cash order's partner, claimed before it was written (assigned by the caller); null: queued, or a card order */
  partner: ClaimedPartner | null;
  address: DeliveryAddress;
  lines: (PricedLine & { substitution: SubstitutionValue | null })[];
  totals: OrderTotals;
  /** the order's default substitution choice */
  substitution: SubstitutionValue;
  /** the bill it was placed with: the items and the serving store's fees now (issue 18) */
  bill: Bill;
  /** products back in stock from the pending order this one replaced */
  restocked: string[];
};

function parseKey(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** What the placement reads under the account's lock (readUnderLock). */
type UnderLock = {
  /** the cart, in product order */
  cart: CartRow[];
  /** an order of the account awaits card payment (this placement replaces it) */
  pendingPayment: boolean;
  /** the account's cash orders on their way (limits.ts) */
  openCashOrders: number;
  /** what the account's unpaid orders, other than one awaiting card payment, hold of the cart's products */
  held: Record<string, number>;
  /** the cart's coupon (lib/coupons/store.ts cartCouponJson) */
  coupon: unknown;
};

/**
 * One statement, right after the account's lock (so that no placement of the account can change what it counts):
 * the shopper's cart (published products only, as the cart shows it) with the stock of the order's store, rows
 * locked against a concurrent change, and everything the caps and the coupon need. Was six statements (issue 19 #3:
 * 200 buyers of one product queued for a pool of 10 connections behind them).
 */
async function readUnderLock(tx: Tx, userId: string, storeId: string | null): Promise<UnderLock> {
  const rows = await tx.$queryRaw<UnderLock[]>`
    WITH cart AS (
      SELECT c.id AS "cartId", c."productId", c.quantity, COALESCE(s.stock, 0) AS stock, p.name, p.images, p.unit,
             p."pricePaise", p.discount, c.substitution::text AS substitution
      FROM "CartItem" c JOIN "Product" p ON p.id = c."productId"
      LEFT JOIN "StoreStock" s ON s."storeId" = ${storeId} AND s."productId" = c."productId"
      WHERE c."userId" = ${userId} AND p.published
      FOR UPDATE OF c)
    SELECT
      (SELECT COALESCE(json_agg(cart ORDER BY cart."productId"), '[]'::json) FROM cart) AS cart,
      EXISTS (SELECT 1 FROM "Order" o WHERE o."userId" = ${userId} AND o.status = 'PENDING_PAYMENT') AS "pendingPayment",
      ${openCashOrdersSql(userId)} AS "openCashOrders",
      ${unpaidHeldSql(userId, Prisma.sql`SELECT "productId" FROM cart`)} AS held,
      ${cartCouponJson(userId)} AS coupon`;
  return rows[0]!;
}

/** The delivery address, read inside the transaction on the rare path where it was not read before it. */
async function addressInTx(tx: Tx, userId: string, addressId: string): Promise<{ id: string; delivery: DeliveryAddress }> {
  const address = await tx.address.findFirst({
    where: { id: addressId, userId, status: true },
    select: { id: true, ...DELIVERY_ADDRESS_SELECT },
  });
  if (!address) throw new AppError("NOT_FOUND", "Address not found");
  // saved before today's address rules and not fixed since: a rider could not reach it
  const problem = addressProblem(address);
  if (problem) {
    throw new AppError("VALIDATION", `${ADDRESS_NEEDS_FIX}: ${problem}`, { fieldErrors: { addressId: [problem] } });
  }
  return { id: address.id, delivery: toDeliveryAddress(address) };
}

/** The client's lines against the server's cart: same products, same quantities, and same prices if it sent any. */
function clientCartMatches(lines: PlaceOrderValues["lines"], rows: readonly CartRow[]): boolean {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  if (quantities.size !== rows.length) return false;
  const byId = new Map(rows.map((r) => [r.productId, r]));
  for (const row of rows) if (quantities.get(row.productId) !== row.quantity) return false;
  for (const line of lines) {
    const row = byId.get(line.productId)!;
    if (line.pricePaise !== undefined && line.pricePaise !== row.pricePaise) return false;
    if (line.discount !== undefined && line.discount !== row.discount) return false;
  }
  return true;
}

/**
 * One placement per account at a time: the caps below count the account's orders, so two concurrent placements
 * must not both count before either writes. NO KEY UPDATE leaves the rows that reference the account (cart lines,
 * addresses) free to be written meanwhile.
 */
async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR NO KEY UPDATE`;
}

/**
 * Before any provider call or write: the caps this order would break (the pending order a new checkout replaces
 * does not count). The transaction checks them again under the account's lock; this look lets a refused request
 * leave the shopper's pending payment alone.
 */
async function precheckCaps(viewer: Viewer, method: "CASH_ON_DELIVERY" | "CARD"): Promise<void> {
  await runTx(async (tx) => {
    if (method === "CASH_ON_DELIVERY") await assertCashOrderRoom(tx, viewer.id);
    const rows = await tx.cartItem.findMany({
      where: { userId: viewer.id, product: { published: true } },
      select: { productId: true, quantity: true, product: { select: { name: true } } },
    });
    const lines = rows.map((r) => ({ productId: r.productId, quantity: r.quantity, name: r.product.name }));
    await assertUnpaidCap(tx, viewer.id, lines, { ignorePendingPayment: true });
  });
}

/**
 * The abuse limits, the store that serves the address (409 when none does or it is closed: nothing has changed
 * yet), then the shopper's order awaiting payment is replaced: its session expired, the order cancelled and its
 * stock returned. Skipped for a retried request (its Idempotency-Key already used): a replay answers the first
 * result and changes nothing. Returns the store, null for a replay or an address the transaction refuses.
 */
async function beforePlacing(
  viewer: Viewer,
  input: PlaceOrderValues,
  method: "CASH_ON_DELIVERY" | "CARD",
  key: string | null,
  ip: string,
): Promise<DeliveryStore | null> {
  await consumePlacement(viewer.id, ip);
  if (key && (await prisma.idempotencyRecord.findUnique({ where: { userId_key: { userId: viewer.id, key } } }))) {
    return null;
  }
  // one statement: the address and the cart's units (the store), and the orders awaiting payment
  const [look] = await prisma.$queryRaw<(DeliveryLook & { pending: Pending[] })[]>`
    SELECT ${deliveryLookSql(viewer.id, input.addressId)}, ${pendingPaymentsSql(viewer.id, key)} AS pending`;
  const delivery = await deliveryStoreOf(viewer, look!);
  const pending = look!.pending;
  if (!pending.length) return delivery;
  await precheckCaps(viewer, method);
  await releasePendingPayments(pending);
  return delivery;
}

/**
 * The store that serves the address and its fees now, read before the transaction: the fee settings are kept in
 * memory, but a cold read inside 10 concurrent transactions would wait for an 11th connection of the pool.
 */
type Serving = { delivery: DeliveryStore; fees: AppliedFees } | null;

async function servingOf(delivery: DeliveryStore | null): Promise<Serving> {
  return delivery ? { delivery, fees: await appliedFees(delivery.storeId) } : null;
}

async function createOrderInTx(
  tx: Tx,
  viewer: Viewer,
  input: PlaceOrderValues,
  method: "CASH_ON_DELIVERY" | "CARD",
  options: {
    idempotencyKey: string | null;
    sessionId?: string | null;
    holdExpiresAt?: Date | null;
    /** a cash order's dispatch: claims a free partner of the store (null: the order waits in the queue) */
    claimPartner?: (storeId: string) => Promise<ClaimedPartner | null>;
  },
  serving: Serving,
): Promise<Placed> {
  let delivery = serving?.delivery ?? null;
  // null: the key's record was gone by the time this request claimed it, or the address was fixed meanwhile (rare)
  delivery ??= await deliveryStoreFor(viewer, input.addressId);
  await lockAccount(tx, viewer.id);
  let read = await readUnderLock(tx, viewer.id, delivery?.storeId ?? null);
  let restocked: string[] = [];
  if (read.pendingPayment) {
    // one a concurrent checkout made after the look before the transaction: cancelled, and its stock is back
    // on the shelf, so the cart is read again
    restocked = await cancelPendingInTx(tx, viewer.id);
    read = await readUnderLock(tx, viewer.id, delivery?.storeId ?? null);
  }
  if (method === "CASH_ON_DELIVERY") refusePastCashOrderRoom(read.openCashOrders);

  const rows = read.cart;
  if (!rows.length) throw new AppError("VALIDATION", EMPTY_CART_MESSAGE);

  const address = delivery?.address ?? (await addressInTx(tx, viewer.id, input.addressId));
  if (!delivery) throw new AppError("NOT_FOUND", "Address not found");

  const priced = priceLines(rows);
  const totals = priced.totals;
  // each line keeps the shopper's substitution choice for it (issue 18)
  const lines = priced.lines.map((l, i) => ({ ...l, substitution: rows[i]!.substitution }));
  if (!clientCartMatches(input.lines, rows) || !clientAmountsMatch(input, totals)) {
    throw new AppError("PRICE_CHANGED", PRICES_CHANGED_MESSAGE);
  }
  // the bill at the serving store's fees now: the client never sends an amount it is charged; a fee-aware client
  // confirms the total it showed, and a different one is refused with the new total (shown before it confirms again)
  const items = { itemsMrpPaise: totals.mrpTotalPaise, itemsTotalPaise: totals.itemsTotalPaise };
  // the rare path without a store read beforehand (see `delivery ??=` above) reads the fees here
  const fees = serving?.fees ?? (await appliedFees(delivery.storeId));
  // the cart's coupon, checked again for this order (the account is locked: the shopper's own uses and orders
  // cannot change meanwhile); its total limit is decided by the claim below
  const coupon = await orderCoupon(read.coupon, totals.itemsTotalPaise, delivery.storeId, computeBill(items, fees));
  const bill = computeBill(items, fees, coupon ? termsOf(coupon.coupon) : null, { tipPaise: input.tipPaise });
  if (input.grandTotalPaise !== undefined && input.grandTotalPaise !== bill.grandTotalPaise) {
    throw new AppError("PRICE_CHANGED", totalChangedMessage(bill));
  }

  // what stock looked like when the cart was read: a shortage seen here fails at once, without queueing for
  // the product's row lock behind a crowd of buyers (the conditional update below still decides)
  const short = rows.find((r) => r.stock < r.quantity);
  if (short) throw new AppError("OUT_OF_STOCK", outOfStockMessage(short.name, short.stock));
  refusePastUnpaidCap(rows, new Map(Object.entries(read.held)));
  // counted atomically: only while the coupon is below its total limit, its row locked until this order commits
  if (coupon && !(await claimCouponInTx(tx, coupon.coupon.id))) {
    const { code, totalLimit } = coupon.coupon;
    const message = totalLimit === null ? `${code} is not active right now` : `${code} has been fully used: its ${totalLimit} uses are taken`;
    throw couponNoLongerApplies(coupon, { ok: false, rule: "totalLimit", message }, computeBill(items, fees));
  }

  const deliveryAddress = address.delivery;
  // a cash order's partner is claimed before it is written, so it is written queued or not from the start
  const partner = options.claimPartner ? await options.claimPartner(delivery.storeId) : null;
  const orderNumber = newOrderNumber();
  // the order, its lines and the emptied cart in one statement; the card checkout leaves the cart as it is (the
  // confirmed payment takes the ordered quantities out)
  const written = await insertOrder(tx, {
    orderNumber,
    userId: viewer.id,
    status: method === "CARD" ? "PENDING_PAYMENT" : "PLACED",
    paymentMethod: method,
    subtotalPaise: totals.mrpTotalPaise,
    totalPaise: bill.grandTotalPaise,
    bill: billColumns(bill),
    itemCount: totals.itemCount,
    addressId: address.id,
    addressSnapshot: toAddressSnapshot(deliveryAddress),
    storeId: delivery.storeId,
    promisedMinutes: delivery.promisedMinutes,
    idempotencyKey: options.idempotencyKey,
    paymentSessionId: options.sessionId ?? null,
    holdExpiresAt: options.holdExpiresAt ?? null,
    cartKept: method === "CARD",
    substitution: input.substitution ?? DEFAULT_SUBSTITUTION,
    queued: !!options.claimPartner && !partner,
    lines,
    cartIds: method === "CASH_ON_DELIVERY" ? rows.map((r) => r.cartId) : [],
  });
  const order = { ...written, orderNumber, itemCount: totals.itemCount };
  if (coupon) await recordCouponUse(tx, { couponId: coupon.coupon.id, userId: viewer.id, orderId: order.id });
  // the coupon went with the cart (a card order's leaves the cart when it is paid: ./fulfilment.ts)
  if (method === "CASH_ON_DELIVERY" && coupon) await dropCartCoupon(viewer.id, undefined, tx);
  return {
    partner,
    order: { ...order, storeId: delivery.storeId },
    address: deliveryAddress,
    lines,
    totals,
    substitution: input.substitution ?? DEFAULT_SUBSTITUTION,
    bill,
    restocked,
  };
}

/**
 * Runs a placement once the stock gate of its store (./stock-gate.ts) admits its lines, and tells the gate how it
 * ended. A sold-out product is refused there, before any transaction, unless the request has an Idempotency-Key.
 */
async function gated<T extends { kind: string }>(
  serving: Serving,
  input: PlaceOrderValues,
  key: string | null,
  place: () => Promise<T>,
): Promise<T> {
  if (!serving) return place();
  const release = await admit(serving.delivery.storeId, input.lines, { mayRefuse: key === null });
  try {
    const outcome = await place();
    release(outcome.kind === "placed" ? "taken" : "failed");
    return outcome;
  } catch (error) {
    release(error instanceof AppError && error.code === "OUT_OF_STOCK" ? "refused-by-stock" : "failed");
    throw error;
  }
}

/**
 * Stock last, as the transaction's last statements before its commit: the row locks are held until the commit and
 * every buyer of a product queues on them, so nothing happens between taking them and committing (issue 19 #3).
 * Returns the products that sold out.
 */
/**
 * After the commit: a sale that sold a product out or left "Only N left" expires the store's cached product entries
 * (its pages, listings, home rows and search), on every instance, so pages show it within a second; other sales
 * change nothing a page shows.
 */
function refreshShelf(placed: Placed, shelfShown: string[]): void {
  if (shelfShown.length) invalidateStoreStock(placed.order.storeId, undefined, { sold: true });
}

function takeOrderStock(tx: Tx, placed: Placed): Promise<string[]> {
  return takeStock(tx, placed.order.storeId, placed.order.id, placed.lines);
}

/**
 * The coupon the order takes: the cart's, when it applies to this order. One that can no longer be used (expired,
 * switched off, used up, not a first order any more) refuses the order (409, the total without it); one that only
 * waits for more items or another store takes nothing off, as the cart said, and stays on the cart.
 */
async function orderCoupon(
  json: unknown,
  itemsTotalPaise: number,
  storeId: string,
  without: Bill,
): Promise<ShopperCoupon | null> {
  const onCart = cartCouponFromJson(json);
  if (!onCart) return null;
  const verdict = await verdictFor(onCart, itemsTotalPaise, storeId);
  if (verdict.ok) return onCart;
  if (LASTING_RULES.has(verdict.rule)) throw couponNoLongerApplies(onCart, verdict, without);
  return null;
}

/**
 * The 409 of an order whose coupon can no longer be used (used up meanwhile, expired …): it names the
 * coupon and the rule, and the total without it. The coupon leaves the cart (placeWithCoupon), so the shopper sees
 * that total and a second try pays it.
 */
function couponNoLongerApplies(found: ShopperCoupon, verdict: CouponVerdict & { ok: false }, without: Bill): CouponRefused {
  const detail = billBreakdown(without);
  return new CouponRefused(
    verdict.rule,
    `${verdict.message}, so it was taken off your cart. The total is now ${formatPaise(without.grandTotalPaise)}` +
      `${detail ? ` (${detail})` : ""}. Check the bill and place your order again.`,
    "PRICE_CHANGED",
    found.coupon.id,
  );
}

/** Runs a placement; a coupon refused at order time leaves the shopper's cart before the 409 is answered. */
async function placeWithCoupon<T>(userId: string, place: () => Promise<T>): Promise<T> {
  try {
    return await place();
  } catch (error) {
    if (error instanceof CouponRefused && error.couponId) await dropCartCoupon(userId, error.couponId);
    throw error;
  }
}

/** "Order KM-2611-4F7Q: items ₹320 + handling fee ₹4 + coupon −₹32 (SAVE10)", the hosted page's one line. */
function couponBillLine(orderNumber: string, bill: Bill): string {
  return `Order ${orderNumber}: ${billBreakdown(bill) ?? ""} (${bill.couponCode ?? "coupon"})`;
}

/** The 409 of a grand total that is no longer the server's: the new total and what is in it. */
export function totalChangedMessage(bill: Bill): string {
  const detail = billBreakdown(bill);
  return (
    `The total changed to ${formatPaise(bill.grandTotalPaise)}${detail ? ` (${detail})` : ""}. ` +
    "Check the bill and place your order again."
  );
}

/** The new order, from what the transaction already holds (no read-back while holding stock locks). */
function placedOrder(placed: Placed, partner: AssignedPartner | null): Order {
  return toOrder({
    id: placed.order.id,
    orderNumber: placed.order.orderNumber,
    userId: "",
    status: "PLACED",
    paymentMethod: "CASH_ON_DELIVERY",
    paymentStatus: "PENDING",
    subtotalPaise: placed.totals.mrpTotalPaise,
    totalPaise: placed.bill.grandTotalPaise,
    ...billColumns(placed.bill),
    billNotes: placed.bill.explain,
    itemCount: placed.totals.itemCount,
    addressSnapshot: toAddressSnapshot(placed.address),
    testPayment: false,
    holdExpiresAt: null,
    paymentUrl: null,
    dispatchQueuedAt: partner ? null : placed.order.createdAt,
    createdAt: placed.order.createdAt,
    paidAt: null,
    packedAt: null,
    outForDeliveryAt: null,
    deliveredAt: null,
    cancelledAt: null,
    // a new order has no pick list marks yet (issue 16)
    substitution: placed.substitution,
    refundDuePaise: 0,
    partRefundedAt: null,
    lines: placed.lines.map((l, i) => ({
      ...l,
      id: String(i),
      shortQuantity: null,
      substitutedAt: null,
      outcome: null,
      adjustPaise: 0,
      replacesLineId: null,
    })),
    assignment: partner
      ? {
          etaMinutes: partner.etaMinutes,
          etaAt: partner.etaAt,
          completedAt: null,
          partner: { name: partner.name, phone: partner.phone },
        }
      : null,
  });
}

function orderPartner(partner: AssignedPartner): OrderPartner {
  return {
    name: partner.name,
    phone: partner.phone,
    eta: partner.eta,
    etaMinutes: partner.etaMinutes,
    etaAt: partner.etaAt.toISOString(),
  };
}

/**
 * Cash on delivery: places the order (status PLACED), empties the cart and dispatches it — a free partner with an
 * ETA, or the queue when everybody is busy (the order still stands). Same key + same body → the first result.
 * 429 past the placement limits; 409 with a 4th open cash order or past the per-product cap of unpaid orders.
 */
export async function placeCashOnDeliveryOrder(
  viewer: Viewer,
  input: PlaceOrderValues,
  options: PlaceOptions,
): Promise<CashOnDeliveryResult> {
  const key = parseKey(options.idempotencyKey);
  const hash = key ? requestHash("cash-on-delivery", input) : "";
  // before anything changes (a pending card order stays as it is): REQUIRE_VERIFIED_EMAIL=1, issue 20 #14
  await assertCashOrderEmailVerified(viewer.id);
  const serving = await servingOf(await beforePlacing(viewer, input, "CASH_ON_DELIVERY", key, options.ip));

  // A partner is claimed before the stock is taken (so that the stock's row lock is held for nothing else); a
  // placement rolled back after its claim let a partner go whom a concurrent order may have been queued past.
  let claimedPartner = false;
  const outcome = await gated(serving, input, key, () => placeWithCoupon(viewer.id, () => runTx(async (tx) => {
    if (key) {
      const claim = await claimIdempotencyKey(tx, viewer.id, key, hash);
      if (!claim.fresh) return { kind: "replay" as const, result: claim.response as unknown as CashOnDeliveryResult };
    }
    const claimPartner = async (storeId: string) => {
      const claimed = await claimPartnerFor(tx, { storeId, paymentMethod: "CASH_ON_DELIVERY" });
      if (claimed) claimedPartner = true;
      return claimed;
    };
    const placed = await createOrderInTx(tx, viewer, input, "CASH_ON_DELIVERY", { idempotencyKey: key, claimPartner }, serving);
    const partner = placed.partner &&
      (await assignClaimedPartner(tx, { ...placed.order, paymentMethod: "CASH_ON_DELIVERY" }, placed.partner));
    const result: CashOnDeliveryResult = {
      // nothing hidden from a client that shows only the message (the seed's SPA): the amount and the fees in it
      message: `${partner ? "Order placed successfully." : QUEUED_MESSAGE} ${amountToPayText(placed.bill)}`,
      order: placedOrder(placed, partner),
      ...(partner ? { partner: orderPartner(partner) } : {}),
    };
    if (key) await completeIdempotencyKey(tx, viewer.id, key, 201, result as unknown as Prisma.InputJsonValue);
    const shelfShown = await takeOrderStock(tx, placed);
    return { kind: "placed" as const, placed, partner, result, shelfShown };
  }))).catch((error: unknown) => {
    if (claimedPartner) void dispatchIfPartnersFree();
    throw error;
  });
  if (outcome.kind === "replay") return outcome.result;

  const { placed, partner, result, shelfShown } = outcome;
  refreshShelf(placed, shelfShown);
  if (placed.restocked.length) invalidateCatalog("stock", placed.restocked);
  sendOrderConfirmation({
    to: viewer.email,
    name: viewer.name,
    orderNumber: placed.order.orderNumber,
    lines: placed.lines,
    bill: placed.bill,
    paymentMethod: "CASH_ON_DELIVERY",
    partner,
  });
  // a partner freed while this transaction ran could not see this order yet: handed out after the answer (it logs
  // its own failure, and the job's minute sweep is the backstop), so the shopper does not wait for it
  if (!partner) void dispatchIfPartnersFree();
  return result;
}

/**
 * Online payment: places the order as PENDING_PAYMENT with its stock held for HOLD_MINUTES (holdExpiresAt) and the
 * cart left as it is, then opens the provider's checkout for the server-computed lines. Returns the session id and
 * the URL to send the shopper to (kept on the order for "Resume payment"). If the provider cannot be reached the
 * order is cancelled at once (stock returned). A shop that takes no card payments (lib/payments cardPaymentMode)
 * refuses with UNAVAILABLE and writes nothing. Limits and the replaced pending order: as for cash.
 */
export async function placeCardOrder(
  viewer: Viewer,
  input: PlaceOrderValues,
  options: PlaceOptions,
): Promise<CardCheckoutResult> {
  const key = parseKey(options.idempotencyKey);
  // before anything is written: a shop without Stripe keys or allowed test payments takes no card orders (503)
  const provider = paymentProvider();
  const hash = key ? requestHash("checkout", input) : "";
  const serving = await servingOf(await beforePlacing(viewer, input, "CARD", key, options.ip));

  const outcome = await gated(serving, input, key, () => placeWithCoupon(viewer.id, () => runTx(async (tx) => {
    if (key) {
      const claim = await claimIdempotencyKey(tx, viewer.id, key, hash);
      if (!claim.fresh) {
        if (claim.status !== 0) {
          return { kind: "replay" as const, result: claim.response as unknown as CardCheckoutResult };
        }
        // the first request made the order and is (or was) opening its session: finish that same order
        return { kind: "resume" as const, orderId: (claim.response as { orderId: string }).orderId };
      }
    }
    const holdExpiresAt = new Date(Date.now() + HOLD_MINUTES * 60_000);
    const sessionId = provider.kind === "local" ? newLocalSessionId() : null;
    const placed = await createOrderInTx(
      tx,
      viewer,
      input,
      "CARD",
      { idempotencyKey: key, sessionId, holdExpiresAt },
      serving,
    );
    if (key) await completeIdempotencyKey(tx, viewer.id, key, 0, { orderId: placed.order.id });
    const shelfShown = await takeOrderStock(tx, placed);
    return { kind: "placed" as const, placed, shelfShown };
  })));
  if (outcome.kind === "replay") return outcome.result;
  if (outcome.kind === "resume") return openCheckoutSession(viewer, outcome.orderId, key);
  refreshShelf(outcome.placed, outcome.shelfShown);
  if (outcome.placed.restocked.length) invalidateCatalog("stock", outcome.placed.restocked);
  return openCheckoutSession(viewer, outcome.placed.order.id, key);
}

async function openCheckoutSession(viewer: Viewer, orderId: string, key: string | null): Promise<CardCheckoutResult> {
  const order = await findOwnOrder(viewer, { id: orderId }, "Order not found", {
    id: true,
    orderNumber: true,
    userId: true,
    status: true,
    ...billSelect,
    paymentSessionId: true,
    holdExpiresAt: true,
    user: { select: { email: true } },
    lines: { select: { name: true, image: true, unitPricePaise: true, quantity: true }, orderBy: { id: "asc" } },
  });
  if (order.status !== "PENDING_PAYMENT" || !order.holdExpiresAt) {
    throw new AppError("CONFLICT", "This order is no longer waiting for payment");
  }
  const bill = billOfRow(order);
  const provider = order.paymentSessionId ? providerForSession(order.paymentSessionId) : paymentProvider();
  const { appUrl } = paymentSettings();
  const absolute = (path: string) => (path.startsWith("/") ? `${appUrl}${path}` : path);
  let session;
  try {
    session = await provider.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerEmail: order.user.email,
      lines: bill.couponDiscountPaise > 0
        ? // a hosted page takes no negative line: one line for the whole bill, the coupon named in it
          [{ name: couponBillLine(order.orderNumber, bill), unitPricePaise: bill.grandTotalPaise, quantity: 1 }]
        : [
            ...order.lines.map((l) => ({
              name: l.name,
              unitPricePaise: l.unitPricePaise,
              quantity: l.quantity,
              ...(l.image && absolute(l.image).startsWith("https://") ? { image: absolute(l.image) } : {}),
            })),
            // the hosted page lists every fee of the bill (issue 18), so its lines add up to the order's total
            ...chargedFees(bill).map((f) => ({ name: f.label, unitPricePaise: f.amountPaise, quantity: 1 })),
            ...(bill.tipPaise > 0 ? [{ name: TIP_LABEL, unitPricePaise: bill.tipPaise, quantity: 1 }] : []),
          ],
      totalPaise: order.totalPaise,
      // derived from the stored hold, so a repeated request sends the provider identical parameters
      expiresAt: new Date(order.holdExpiresAt.getTime() + (CARD_SESSION_MINUTES - HOLD_MINUTES) * 60_000),
      sessionId: order.paymentSessionId,
    });
  } catch (error) {
    log.error({ err: error, order: order.orderNumber }, "payments: opening a checkout session failed");
    await abandonCardOrder(order.id, viewer.id, key);
    throw new AppError("UNAVAILABLE", CARD_UNAVAILABLE_MESSAGE);
  }

  const result: CardCheckoutResult = {
    message: `Redirecting you to the payment page. ${amountToPayText(bill)}`,
    sessionId: session.id,
    url: session.url,
    orderNumber: order.orderNumber,
    bill,
  };
  await runTx(async (tx) => {
    // the hosted page's URL too: the order page offers it as "Resume payment" while the order awaits payment
    await tx.order.updateMany({
      where: { id: order.id, OR: [{ paymentSessionId: null }, { paymentSessionId: session.id }] },
      data: { paymentSessionId: session.id, paymentUrl: session.url },
    });
    if (key) await completeIdempotencyKey(tx, viewer.id, key, 201, result as unknown as Prisma.InputJsonValue);
  });
  return result;
}
