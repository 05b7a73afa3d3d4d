import "server-only";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { sendMailAfterResponse, substitutionMail } from "@/lib/mail";
import { discountedPricePaise } from "@/lib/money";
import { paymentSettings, providerForSession } from "@/lib/payments";
import { FEE_KEYS } from "@/lib/bill/compute";
import { billOfRow, billSelect } from "./records";
import { orderStoreId } from "./stock";
import {
  effectiveChoice,
  lineDropPaise,
  rankSimilar,
  replacementUnitPaise,
  repriceOrder,
  substitutionText,
  type SimilarCandidate,
  type SubstitutionOutcomeValue,
} from "./substitution-rules";
import type { Tx } from "./tx";

// Substitutions at packing (issue 18). When an order is packed (the pick list's Packed, or the board's "Mark
// packed") every line the store marked short gets the shopper's choice, in the packing transaction under the
// order's row lock:
// - REPLACE: the most similar product (./substitution-rules.ts rankSimilar: same sub-category, at most +10 %, in stock
//   for every missing unit at the order's store, not already in the order) becomes a new line for the missing units,
//   charged at the lower of the two unit prices; its stock is taken with the placement's conditional UPDATE (stock >=
//   units), trying the next candidate when a concurrent order took it first. Nothing similar: removed.
// - REMOVE: the missing units are dropped from the bill.
// - CALL: the store sees "Call shopper" with the phone number on the pick list and records what the shopper said;
//   packed without an answer, the units are removed (and the shopper is told so).
// The missing units are not the order's any more: a RETURN movement gives them back to the order's ledger, and the
// shelf, found empty, is counted to 0 (a COUNT movement), so the catalogue stops selling what is not there. The bill
// is re-priced (repriceOrder: items drop, fees and tip stay as placed, the coupon is capped at the items), a cash
// order's amount to collect is its new total, and a paid card order owes the difference back: a partial refund after
// the commit, once (refundDuePaise, partRefundedAt; the retry-refunds job takes over a provider failure). The shopper
// sees it on the order page and in an e-mail.

const NOTHING_LEFT = (orderNumber: string) =>
  `Nothing of order ${orderNumber} is left to deliver: every item is short. Ask an admin to cancel it (the shopper gets everything back).`;

/** What packing changed, for after the commit. */
export type SubstitutionEffects = {
  orderId: string;
  orderNumber: string;
  to: string;
  name: string;
  changes: string[];
  totalPaise: number;
  cash: boolean;
  refundDuePaise: number;
  /** products whose shelf changed (catalogue pages to expire) */
  products: string[];
};

const LINE_SELECT = {
  id: true,
  productId: true,
  name: true,
  image: true,
  unit: true,
  quantity: true,
  pricePaise: true,
  discount: true,
  unitPricePaise: true,
  shortQuantity: true,
  substitution: true,
  callDecision: true,
  substitutedAt: true,
} as const satisfies Prisma.OrderLineSelect;

type Candidate = SimilarCandidate & { pricePaise: number; discount: number; image: string; unit: string };

/** Published products sharing a sub-category with `productId`, with the store's stock and units sold. */
async function similarProducts(tx: Tx, storeId: string, productId: string): Promise<Candidate[]> {
  const rows = await tx.$queryRaw<
    { id: string; name: string; images: string[]; unit: string; pricePaise: number; discount: number; stock: number; sold: number }[]
  >`
    SELECT p.id, p.name, p.images, p.unit, p."pricePaise", p.discount, ss.stock,
      COALESCE((SELECT SUM(ol.quantity) FROM "OrderLine" ol JOIN "Order" o ON o.id = ol."orderId"
                WHERE ol."productId" = p.id AND o.status NOT IN ('CANCELLED', 'PENDING_PAYMENT')), 0)::int AS sold
    FROM "Product" p JOIN "StoreStock" ss ON ss."productId" = p.id AND ss."storeId" = ${storeId}
    WHERE p.published AND p.id <> ${productId} AND ss.stock > 0
      AND EXISTS (SELECT 1 FROM "ProductSubCategory" a JOIN "ProductSubCategory" b ON b."subCategoryId" = a."subCategoryId"
                  WHERE a."productId" = ${productId} AND b."productId" = p.id)`;
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    unitPricePaise: discountedPricePaise(r.pricePaise, r.discount),
    stock: r.stock,
    sold: r.sold,
    pricePaise: r.pricePaise,
    discount: r.discount,
    image: r.images[0] ?? "",
    unit: r.unit,
  }));
}

/** The placement's conditional UPDATE for one product, with its SALE movement when it took the units. */
async function takeUnits(tx: Tx, storeId: string, orderId: string, productId: string, units: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ stock: number }[]>`
    UPDATE "StoreStock" SET stock = stock - ${units}, "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE "storeId" = ${storeId} AND "productId" = ${productId} AND stock >= ${units}
      AND EXISTS (SELECT 1 FROM "Product" p WHERE p.id = ${productId} AND p.published)
    RETURNING stock`;
  if (!rows[0]) return false;
  await tx.$executeRaw`
    INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, "orderId", note)
    VALUES ('mv' || replace(gen_random_uuid()::text, '-', ''), ${storeId}, ${productId}, ${-units}, 'SALE',
            ${orderId}, 'replacement packed for a short item')`;
  return true;
}

/**
 * The missing units leave the order (RETURN to its ledger) and the shelf, found empty by the picker, is counted to 0:
 * stock and ledger stay equal, and the catalogue no longer sells units that are not there.
 */
async function shelfFoundEmpty(tx: Tx, storeId: string, orderId: string, orderNumber: string, productId: string, units: number) {
  const [row] = await tx.$queryRaw<{ stock: number }[]>`
    SELECT stock FROM "StoreStock" WHERE "storeId" = ${storeId} AND "productId" = ${productId} FOR UPDATE`;
  const onRecord = (row?.stock ?? 0) + units;
  await tx.$executeRaw`
    INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, "orderId", note)
    VALUES ('mv' || replace(gen_random_uuid()::text, '-', ''), ${storeId}, ${productId}, ${units}, 'RETURN', ${orderId},
            ${`short at packing of ${orderNumber}: not taken by the order`}),
           ('mv' || replace(gen_random_uuid()::text, '-', ''), ${storeId}, ${productId}, ${-onRecord}, 'COUNT', NULL,
            ${`shelf found empty at packing of ${orderNumber}`})`;
  if (row) {
    await tx.$executeRaw`
      UPDATE "StoreStock" SET stock = 0, "updatedAt" = (now() AT TIME ZONE 'UTC')
      WHERE "storeId" = ${storeId} AND "productId" = ${productId}`;
  } else {
    // the shelf was removed since the order: put the ledger's zero on a fresh row
    await tx.$executeRaw`
      INSERT INTO "StoreStock" ("storeId", "productId", stock, "updatedAt")
      VALUES (${storeId}, ${productId}, 0, (now() AT TIME ZONE 'UTC'))`;
  }
}

/**
 * Applies the shoppers' choices to the order's short lines (see above), inside the packing transaction that holds the
 * order's row lock. Returns what to do after the commit, or null when no line is short (nothing changes).
 */
export async function applySubstitutionsInTx(tx: Tx, orderId: string): Promise<SubstitutionEffects | null> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      storeId: true,
      paymentMethod: true,
      paymentStatus: true,
      substitution: true,
      ...billSelect,
      refundDuePaise: true,
      user: { select: { email: true, name: true } },
      lines: { select: LINE_SELECT, orderBy: { id: "asc" } },
    },
  });
  const short = order.lines
    .filter((l) => (l.shortQuantity ?? 0) > 0 && !l.substitutedAt)
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  if (!short.length) return null;
  const storeId = await orderStoreId(tx, order.storeId);
  const inOrder = new Set(order.lines.map((l) => l.productId));
  const paidByCard = order.paymentMethod === "CARD" && order.paymentStatus === "PAID";
  const now = new Date();
  const billed = new Map(order.lines.map((l) => [l.id, { pricePaise: l.pricePaise, unitPricePaise: l.unitPricePaise, units: l.quantity }]));
  const added: { pricePaise: number; unitPricePaise: number; units: number }[] = [];
  const changes: string[] = [];
  const products = new Set<string>();

  for (const line of short) {
    const missing = line.shortQuantity!;
    const { choice, unanswered } = effectiveChoice(line.substitution, order.substitution, line.callDecision);
    let replacement: Candidate | null = null;
    if (choice === "REPLACE") {
      const ranked = rankSimilar(line, missing, await similarProducts(tx, storeId, line.productId), inOrder) as Candidate[];
      for (const candidate of ranked) {
        if (await takeUnits(tx, storeId, order.id, candidate.productId, missing)) {
          replacement = candidate;
          break;
        }
      }
    }
    const outcome: SubstitutionOutcomeValue = replacement
      ? "REPLACED"
      : choice === "REPLACE"
        ? "REMOVED_NO_MATCH"
        : unanswered
          ? "REMOVED_NO_ANSWER"
          : "REMOVED";
    const charged = replacement ? replacementUnitPaise(line.unitPricePaise, replacement.unitPricePaise) : null;
    const dropPaise = lineDropPaise(line.unitPricePaise, missing, charged);
    await tx.orderLine.update({
      where: { id: line.id },
      data: { substitutedAt: now, outcome, adjustPaise: dropPaise },
    });
    billed.set(line.id, { pricePaise: line.pricePaise, unitPricePaise: line.unitPricePaise, units: line.quantity - missing });
    if (replacement && charged !== null) {
      await tx.orderLine.create({
        data: {
          orderId: order.id,
          productId: replacement.productId,
          name: replacement.name,
          image: replacement.image,
          unit: replacement.unit,
          pricePaise: replacement.pricePaise,
          discount: replacement.discount,
          unitPricePaise: charged,
          quantity: missing,
          pickedAt: now,
          replacesLineId: line.id,
        },
      });
      added.push({ pricePaise: replacement.pricePaise, unitPricePaise: charged, units: missing });
      inOrder.add(replacement.productId);
      products.add(replacement.productId);
    }
    await shelfFoundEmpty(tx, storeId, order.id, order.orderNumber, line.productId, missing);
    products.add(line.productId);
    changes.push(
      `${line.name}: ${substitutionText({ outcome, missing, replacementName: replacement?.name ?? null, dropPaise }, line.quantity, paidByCard)}`,
    );
  }

  const bill = billOfRow(order);
  const repriced = repriceOrder({
    lines: [...billed.values(), ...added],
    feesPaise: FEE_KEYS.reduce((sum, key) => sum + bill[`${key}Paise`], 0),
    couponDiscountPaise: order.couponDiscountPaise,
    tipPaise: order.tipPaise,
    totalPaise: order.totalPaise,
  });
  if (repriced.itemCount === 0) throw new AppError("CONFLICT", NOTHING_LEFT(order.orderNumber));
  const refundDuePaise = paidByCard ? repriced.dropPaise : 0;
  await tx.order.update({
    where: { id: order.id },
    data: {
      subtotalPaise: repriced.mrpTotalPaise,
      totalPaise: repriced.totalPaise,
      couponDiscountPaise: repriced.couponDiscountPaise,
      itemCount: repriced.itemCount,
      ...(refundDuePaise > 0 ? { refundDuePaise: order.refundDuePaise + refundDuePaise } : {}),
    },
  });
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    to: order.user.email,
    name: order.user.name,
    changes,
    totalPaise: repriced.totalPaise,
    cash: order.paymentMethod === "CASH_ON_DELIVERY",
    refundDuePaise,
    products: [...products],
  };
}

/**
 * A packed order's partial refund (refundDuePaise), once: the provider's call carries a key of the order's, so a
 * retry or a concurrent call refunds nothing more; then partRefundedAt records it. Returns whether it is refunded.
 */
export async function refundPartDue(orderId: string): Promise<boolean> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      paymentMethod: true,
      paymentStatus: true,
      paymentIntentId: true,
      paymentSessionId: true,
      refundDuePaise: true,
      partRefundedAt: true,
    },
  });
  if (!order || order.paymentMethod !== "CARD" || order.refundDuePaise <= 0) return false;
  if (order.partRefundedAt) return true;
  // cancelled and refunded in full meanwhile: the whole refund gave back what was left, this part included
  if (order.paymentStatus === "REFUNDED") {
    await prisma.order.updateMany({ where: { id: order.id, partRefundedAt: null }, data: { partRefundedAt: new Date() } });
    return true;
  }
  await providerForSession(order.paymentSessionId).refundPart({
    orderId: order.id,
    paymentIntentId: order.paymentIntentId,
    amountPaise: order.refundDuePaise,
    key: "packing",
  });
  await prisma.order.updateMany({ where: { id: order.id, partRefundedAt: null }, data: { partRefundedAt: new Date() } });
  return true;
}

/** Card orders whose partial refund is owed (the provider failed after packing): the retry-refunds job's. */
export const partRefundsDue = { refundDuePaise: { gt: 0 }, partRefundedAt: null, paymentMethod: "CARD" } as const satisfies Prisma.OrderWhereInput;

/** After the packing commit: the catalogue's pages of the touched products, the partial refund, the shopper's e-mail. */
export async function afterSubstitutions(effects: SubstitutionEffects): Promise<void> {
  invalidateCatalog("stock", effects.products);
  if (effects.refundDuePaise > 0) {
    try {
      await refundPartDue(effects.orderId);
    } catch (error) {
      log.error({ err: error, orderId: effects.orderId }, "payments: partial refund failed; the retry-refunds job will try again");
    }
  }
  sendMailAfterResponse(
    substitutionMail({
      to: effects.to,
      name: effects.name,
      orderNumber: effects.orderNumber,
      changes: effects.changes,
      totalPaise: effects.totalPaise,
      ...(effects.cash ? { cashToCollectPaise: effects.totalPaise } : {}),
      ...(effects.refundDuePaise > 0 ? { refundPaise: effects.refundDuePaise } : {}),
      orderUrl: `${paymentSettings().appUrl}/dashboard/myorders/${encodeURIComponent(effects.orderNumber)}`,
    }),
  );
}
