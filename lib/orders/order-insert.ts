import "server-only";
import { Prisma } from "@/lib/db";
import type { PricedLine } from "./pricing";
import type { billColumns } from "./records";
import type { SubstitutionValue } from "./substitution-rules";
import type { Tx } from "./tx";

// A new order, its lines and (for a cash order) the cart it empties, written in ONE statement (issue 19 #3): inside
// the placement's transaction every statement is paid once per buyer, 200 times in a rush for one product, and the
// ORM's create of an order and of its lines cost more of the app's CPU than the rest of the transaction. Ids are made
// in SQL ('o…', 'ol…': no dashes, as ids travel as the last dash-separated segment of a URL), timestamps as UTC.

export type NewOrder = {
  orderNumber: string;
  userId: string;
  status: "PLACED" | "PENDING_PAYMENT";
  paymentMethod: "CASH_ON_DELIVERY" | "CARD";
  subtotalPaise: number;
  totalPaise: number;
  bill: ReturnType<typeof billColumns>;
  itemCount: number;
  addressId: string;
  addressSnapshot: unknown;
  storeId: string;
  promisedMinutes: number | null;
  idempotencyKey: string | null;
  paymentSessionId: string | null;
  holdExpiresAt: Date | null;
  cartKept: boolean;
  substitution: SubstitutionValue;
  /** waiting for a partner from the start (a cash order nobody was free for) */
  queued: boolean;
  lines: readonly (PricedLine & { substitution: SubstitutionValue | null })[];
  /** cart rows to delete with it (a cash order empties the cart; a card order leaves it) */
  cartIds: readonly string[];
};

const utc = (date: Date | null) => (date ? Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')` : Prisma.sql`NULL`);

/** Writes the order with its lines (and deletes `cartIds`); its id and creation time. */
export async function insertOrder(tx: Tx, o: NewOrder): Promise<{ id: string; createdAt: Date }> {
  const b = o.bill;
  // billColumns leaves billNotes out when the bill explains nothing
  const notes = b.billNotes ? JSON.stringify(b.billNotes) : null;
  const rows = await tx.$queryRaw<{ id: string; createdAt: Date }[]>`
    WITH o AS (
      INSERT INTO "Order" (id, "orderNumber", "userId", status, "paymentMethod", "paymentStatus", "subtotalPaise",
        "totalPaise", "deliveryPaise", "handlingFeePaise", "smallCartFeePaise", "lateNightFeePaise", "highDemandFeePaise",
        "couponCode", "couponDiscountPaise", "tipPaise", "billNotes", "itemCount", "addressId", "addressSnapshot",
        "storeId", "promisedMinutes", "idempotencyKey", "paymentSessionId", "holdExpiresAt", "cartKept", substitution,
        "dispatchQueuedAt", "createdAt", "updatedAt")
      VALUES ('o' || replace(gen_random_uuid()::text, '-', ''), ${o.orderNumber}, ${o.userId},
        ${o.status}::"OrderStatus", ${o.paymentMethod}::"PaymentMethod", 'PENDING', ${o.subtotalPaise}, ${o.totalPaise},
        ${b.deliveryPaise}, ${b.handlingFeePaise}, ${b.smallCartFeePaise}, ${b.lateNightFeePaise},
        ${b.highDemandFeePaise}, ${b.couponCode}, ${b.couponDiscountPaise}, ${b.tipPaise}, ${notes}::jsonb,
        ${o.itemCount}, ${o.addressId}, ${JSON.stringify(o.addressSnapshot)}::jsonb, ${o.storeId}, ${o.promisedMinutes},
        ${o.idempotencyKey}, ${o.paymentSessionId}, ${utc(o.holdExpiresAt)}, ${o.cartKept},
        ${o.substitution}::"Substitution", CASE WHEN ${o.queued} THEN (now() AT TIME ZONE 'UTC') END,
        (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
      RETURNING id, "createdAt"),
    lines AS (
      INSERT INTO "OrderLine" (id, "orderId", "productId", name, image, unit, "pricePaise", discount, "unitPricePaise",
        quantity, substitution)
      SELECT 'ol' || replace(gen_random_uuid()::text, '-', ''), o.id, l.product, l.name, l.image, l.unit, l.price,
        l.discount, l.unit_price, l.quantity, l.substitution::"Substitution"
      FROM o, unnest(${o.lines.map((l) => l.productId)}::text[], ${o.lines.map((l) => l.name)}::text[],
        ${o.lines.map((l) => l.image)}::text[], ${o.lines.map((l) => l.unit)}::text[],
        ${o.lines.map((l) => l.pricePaise)}::int[], ${o.lines.map((l) => l.discount)}::int[],
        ${o.lines.map((l) => l.unitPricePaise)}::int[], ${o.lines.map((l) => l.quantity)}::int[],
        ${o.lines.map((l) => l.substitution)}::text[])
        AS l(product, name, image, unit, price, discount, unit_price, quantity, substitution)),
    emptied AS (DELETE FROM "CartItem" WHERE id = ANY(${[...o.cartIds]}::text[]))
    SELECT id, "createdAt" FROM o`;
  return rows[0]!;
}
