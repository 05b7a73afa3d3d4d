import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit";
import { prisma, Prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { toPaise } from "@/lib/money";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { DEFAULT_STORE_STOCK_JOIN, productColumns, toProduct, type ProductRow } from "@/lib/catalog/sql";
import type { Product } from "@/lib/catalog/types";
import { auditProductUpdate, lockProductState, productState, productSummary, type ProductState } from "./audit";
import { missingCategories } from "./categories";
import { releaseImages } from "./images";
import { plural } from "./text";
import { missingSubCategories, unknownCategoriesError } from "./subcategories";
import type { ProductFormValues, UpdateProductValues } from "./schemas";

// Product writes (admin). Prices arrive in rupees and are stored in paise. A product that appears in past orders
// is never destroyed: "delete" then unpublishes it (gone from the shop, its links to categories and every cart),
// and the orders keep their own copy of name, image and price in OrderLine. Every write appends to the audit log in
// its own transaction (lib/audit): who, and the product before → after (price and stock as entries of their own).

export const PRODUCT_NOT_FOUND = "Product not found";

export type DeleteProductResult = { product: Product; outcome: "deleted" | "unpublished"; orders: number };

function unknownSubCategoriesError(missing: string[]): AppError {
  const message =
    missing.length === 1
      ? `Sub category not found: ${missing[0]}; reload and choose again`
      : `Sub categories not found: ${missing.join(", ")}; reload and choose again`;
  return new AppError("VALIDATION", message, { fieldErrors: { subCategory: [message] } });
}

async function assertLinksExist(input: ProductFormValues) {
  const [categories, subCategories] = await Promise.all([
    missingCategories(input.category),
    missingSubCategories(input.subCategory),
  ]);
  if (categories.length) throw unknownCategoriesError(categories);
  if (subCategories.length) throw unknownSubCategoriesError(subCategories);
}

const isForeignKeyViolation = (e: unknown) =>
  e instanceof Prisma.PrismaClientKnownRequestError && (e.code === "P2003" || e.code === "P2014");

async function onLinkRace(error: unknown, input: ProductFormValues): Promise<never> {
  if (isForeignKeyViolation(error)) await assertLinksExist(input);
  throw error;
}

const columns = (input: ProductFormValues) => ({
  name: input.name,
  description: input.description,
  images: input.image,
  unit: input.unit,
  stock: input.stock,
  pricePaise: toPaise(input.price),
  discount: input.discount,
  moreDetails: input.more_details,
});

/** Any product by id, published or not, with the default store's stock (the stock this form writes). */
export async function readProduct(id: string): Promise<Product | null> {
  const [row] = await prisma.$queryRaw<ProductRow[]>`
    SELECT ${productColumns("full")} FROM "Product" p ${DEFAULT_STORE_STOCK_JOIN} WHERE p.id = ${id}`;
  return row ? toProduct(row, "full") : null;
}

async function readOrThrow(id: string): Promise<Product> {
  const product = await readProduct(id);
  if (!product) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  return product;
}

export async function createProduct(actor: AuditActor, input: ProductFormValues): Promise<Product> {
  await assertLinksExist(input);
  let id: string;
  try {
    id = await runTx(async (tx) => {
      const row = await tx.product.create({
        data: {
          ...columns(input),
          categories: { create: input.category.map((categoryId) => ({ categoryId })) },
          subCategories: { create: input.subCategory.map((subCategoryId) => ({ subCategoryId })) },
        },
        select: { id: true },
      });
      const after = await productState(tx, row.id);
      await recordAudit(tx, {
        actor,
        action: "product.create",
        subject: { type: "product", id: row.id, label: after.name },
        after: productSummary(after),
      });
      return row.id;
    });
  } catch (error) {
    return onLinkRace(error, input);
  }
  invalidateCatalog("product", id);
  return readOrThrow(id);
}

/**
 * Updates a published product (an unpublished one is deleted as far as the shop is concerned: 404). The audit
 * entries' "before" is the row as read under its lock in the update's transaction, "after" as written.
 */
export async function updateProduct(actor: AuditActor, input: UpdateProductValues): Promise<Product> {
  const found = await prisma.product.findUnique({ where: { id: input.id }, select: { published: true } });
  if (!found?.published) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  await assertLinksExist(input);
  const id = input.id;
  let before: ProductState;
  try {
    before = await runTx(async (tx) => {
      const state = await lockProductState(tx, id);
      // deleted or unpublished since the check above
      if (!state?.published) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
      await tx.product.update({ where: { id }, data: columns(input) });
      await tx.productCategory.deleteMany({ where: { productId: id, categoryId: { notIn: input.category } } });
      await tx.productCategory.createMany({
        data: input.category.map((categoryId) => ({ productId: id, categoryId })),
        skipDuplicates: true,
      });
      await tx.productSubCategory.deleteMany({
        where: { productId: id, subCategoryId: { notIn: input.subCategory } },
      });
      await tx.productSubCategory.createMany({
        data: input.subCategory.map((subCategoryId) => ({ productId: id, subCategoryId })),
        skipDuplicates: true,
      });
      await auditProductUpdate(tx, actor, id, state, await productState(tx, id));
      return state;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
    }
    return onLinkRace(error, input);
  }
  invalidateCatalog("product", id);
  const dropped = before.images.filter((url) => !input.image.includes(url));
  if (dropped.length) await releaseImages(dropped);
  return readOrThrow(id);
}

/** The audit entry of a product's removal: what it was, and whether it is gone or only unpublished. */
async function auditRemoval(tx: Tx, actor: AuditActor, id: string, outcome: DeleteProductResult["outcome"]) {
  const before = await lockProductState(tx, id);
  if (!before) return null;
  await recordAudit(tx, {
    actor,
    action: "product.delete",
    subject: { type: "product", id, label: before.name },
    before: { ...productSummary(before), published: before.published },
    after: outcome === "deleted" ? {} : { published: false },
  });
  return before;
}

async function unpublish(actor: AuditActor, id: string) {
  await runTx(async (tx) => {
    await auditRemoval(tx, actor, id, "unpublished");
    await tx.product.update({ where: { id }, data: { published: false } });
    await tx.cartItem.deleteMany({ where: { productId: id } });
    await tx.productCategory.deleteMany({ where: { productId: id } });
    await tx.productSubCategory.deleteMany({ where: { productId: id } });
  });
}

/**
 * Deletes a product. Never ordered: removed for good (its category links and cart lines go with it). In past
 * orders: unpublished instead, so those orders still read correctly; the OrderLine foreign key (Restrict) makes
 * the same choice when an order is placed while this runs.
 */
export async function deleteProduct(actor: AuditActor, id: string): Promise<DeleteProductResult> {
  const product = await readProduct(id);
  if (!product?.published) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  let orders = await prisma.orderLine.count({ where: { productId: id } });
  let outcome: DeleteProductResult["outcome"] = "unpublished";
  if (orders) {
    await unpublish(actor, id);
  } else {
    try {
      await runTx(async (tx) => {
        // the entry first: the row and its links are read before they go
        if (!(await auditRemoval(tx, actor, id, "deleted"))) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
        await tx.product.delete({ where: { id } });
      });
      outcome = "deleted";
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await unpublish(actor, id);
      orders = await prisma.orderLine.count({ where: { productId: id } });
    }
  }
  invalidateCatalog("product", id);
  if (outcome === "deleted") await releaseImages(product.images);
  return { product: { ...product, published: outcome === "deleted" ? product.published : false }, outcome, orders };
}

export function deleteProductMessage(result: DeleteProductResult): string {
  if (result.outcome === "deleted") return "Product deleted";
  return `Product removed from the shop; kept for ${plural(result.orders, "past order", "past orders")}`;
}
