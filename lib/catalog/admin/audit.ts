import "server-only";
import { changedFields, recordAudit, type AuditAction, type AuditActor, type AuditValues } from "@/lib/audit";
import type { Tx } from "@/lib/db";

// What the catalogue's admin writes put in the audit log (lib/audit), always inside the write's own transaction.
// A product's state is read under its row lock, so "before" is what the update really overwrote (a checkout may
// have taken stock a moment earlier) and "after" is what it wrote.

export type ProductState = {
  name: string;
  unit: string;
  description: string;
  images: string[];
  pricePaise: number;
  discount: number;
  stock: number;
  published: boolean;
  moreDetails: AuditValues;
  /** category names, sorted */
  categories: string[];
  /** sub-category names, sorted */
  subCategories: string[];
};

const byName = (a: string, b: string) =>
  a.localeCompare(b, "en", { sensitivity: "base" }) || a.localeCompare(b);

/** The product as the audit log describes it, its row locked for the rest of `tx`; null when there is none. */
export async function lockProductState(tx: Tx, id: string): Promise<ProductState | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Product" WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) return null;
  return productState(tx, id);
}

/** The product as the audit log describes it, read inside `tx` (after a write: what was written). */
export async function productState(tx: Tx, id: string): Promise<ProductState> {
  const p = await tx.product.findUniqueOrThrow({
    where: { id },
    select: {
      name: true,
      unit: true,
      description: true,
      images: true,
      pricePaise: true,
      discount: true,
      stock: true,
      published: true,
      moreDetails: true,
      categories: { select: { category: { select: { name: true } } } },
      subCategories: { select: { subCategory: { select: { name: true } } } },
    },
  });
  const { categories, subCategories, moreDetails, ...rest } = p;
  return {
    ...rest,
    moreDetails:
      moreDetails && typeof moreDetails === "object" && !Array.isArray(moreDetails)
        ? (moreDetails as AuditValues)
        : {},
    categories: categories.map((c) => c.category.name).sort(byName),
    subCategories: subCategories.map((s) => s.subCategory.name).sort(byName),
  };
}

/** Which fields go under which action when a product is updated: a price and a stock count are filtered on. */
const PRODUCT_UPDATE_ACTIONS: [AuditAction, (keyof ProductState)[]][] = [
  ["product.price", ["pricePaise", "discount"]],
  ["product.stock", ["stock"]],
  ["product.update", ["name", "unit", "description", "images", "categories", "subCategories", "moreDetails"]],
];

/** One entry per kind of change an update made (price, stock, other details); none when nothing changed. */
export async function auditProductUpdate(
  tx: Tx,
  actor: AuditActor,
  id: string,
  before: ProductState,
  after: ProductState,
): Promise<void> {
  for (const [action, keys] of PRODUCT_UPDATE_ACTIONS) {
    const diff = changedFields(before, after, keys);
    if (diff)
      await recordAudit(tx, { actor, action, subject: { type: "product", id, label: after.name }, ...diff });
  }
}

/** The fields a product's creation and removal show. */
export const productSummary = (p: ProductState): AuditValues => ({
  name: p.name,
  unit: p.unit,
  pricePaise: p.pricePaise,
  discount: p.discount,
  stock: p.stock,
  categories: p.categories,
  subCategories: p.subCategories,
});

/** Sorted names of the categories with these ids, read in `tx`. */
export async function categoryNames(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.category.findMany({ where: { id: { in: [...ids] } }, select: { name: true } });
  return rows.map((r) => r.name).sort(byName);
}
