import "server-only";
import { changedFields, recordAudit, type AuditActor } from "@/lib/audit";
import { prisma, Prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { CATEGORY_SELECT as select } from "@/lib/catalog/categories";
import type { Category } from "@/lib/catalog/types";
import { releaseImages } from "./images";
import { plural } from "./text";
import type { CategoryFormValues, UpdateCategoryValues } from "./schemas";

// Category writes (admin). Names are unique regardless of case: nameKey (lower-cased name) carries the unique
// index, so two admins adding "Snacks" and "snacks" at once still end with one. Callers have checked the ADMIN
// role and parsed the input with the form's schema (lib/catalog/admin/schemas.ts). Each write appends to the audit
// log (lib/audit) in its own transaction: who, and the category before → after.

export const DUPLICATE_CATEGORY_MESSAGE = "A category with this name already exists";
export const CATEGORY_NOT_FOUND = "Category not found";


export const categoryNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const duplicate = () =>
  new AppError("CONFLICT", DUPLICATE_CATEGORY_MESSAGE, { fieldErrors: { name: [DUPLICATE_CATEGORY_MESSAGE] } });
const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
const isForeignKeyViolation = (e: unknown) =>
  e instanceof Prisma.PrismaClientKnownRequestError && (e.code === "P2003" || e.code === "P2014");

const subject = (c: { id: string; name: string }) => ({ type: "category" as const, id: c.id, label: c.name });

/** The category row locked for the rest of `tx`; null when there is none. */
async function lockCategory(tx: Tx, id: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Category" WHERE id = ${id} FOR UPDATE`;
  return locked.length ? tx.category.findUnique({ where: { id }, select }) : null;
}

export async function createCategory(actor: AuditActor, input: CategoryFormValues): Promise<Category> {
  try {
    const row = await runTx(async (tx) => {
      const row = await tx.category.create({
        data: { name: input.name, nameKey: categoryNameKey(input.name), image: input.image },
        select,
      });
      await recordAudit(tx, {
        actor,
        action: "category.create",
        subject: subject(row),
        after: { name: row.name, image: row.image },
      });
      return row;
    });
    invalidateCatalog("category");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateCategory(actor: AuditActor, input: UpdateCategoryValues): Promise<Category> {
  const found = await prisma.category.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
  try {
    const { before, row } = await runTx(async (tx) => {
      const current = await lockCategory(tx, input.id);
      if (!current) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
      const row = await tx.category.update({
        where: { id: input.id },
        data: { name: input.name, nameKey: categoryNameKey(input.name), image: input.image },
        select,
      });
      const diff = changedFields(current, row, ["name", "image"]);
      if (diff) await recordAudit(tx, { actor, action: "category.update", subject: subject(row), ...diff });
      return { before: current, row };
    });
    invalidateCatalog("category");
    if (before.image !== row.image) await releaseImages([before.image]);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
    }
    throw error;
  }
}

export function categoryInUseMessage(subCategories: number, products: number): string {
  return (
    `This category is used by ${plural(subCategories, "sub-category", "sub-categories")} and ` +
    `${plural(products, "product", "products")}; move them first`
  );
}

async function usage(id: string) {
  const [subCategories, products] = await Promise.all([
    prisma.subCategoryCategory.count({ where: { categoryId: id } }),
    prisma.productCategory.count({ where: { categoryId: id } }),
  ]);
  return { subCategories, products };
}

/**
 * Deletes a category nothing uses; while sub-categories or products still refer to it, answers 409 with counts.
 * The foreign keys (Restrict) decide when a link is added at the same moment.
 */
export async function deleteCategory(actor: AuditActor, id: string): Promise<Category> {
  const row = await prisma.category.findUnique({ where: { id }, select });
  if (!row) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
  const inUse = await usage(id);
  if (inUse.subCategories || inUse.products) {
    throw new AppError("CONFLICT", categoryInUseMessage(inUse.subCategories, inUse.products));
  }
  try {
    await runTx(async (tx) => {
      const before = await lockCategory(tx, id);
      if (!before) throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
      await tx.category.delete({ where: { id } });
      await recordAudit(tx, {
        actor,
        action: "category.delete",
        subject: subject(before),
        before: { name: before.name, image: before.image },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      const now = await usage(id);
      throw new AppError("CONFLICT", categoryInUseMessage(now.subCategories, now.products));
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw new AppError("NOT_FOUND", CATEGORY_NOT_FOUND);
    }
    throw error;
  }
  invalidateCatalog("category");
  await releaseImages([row.image]);
  return row;
}

/** The ids among `ids` that are not categories (an empty list when all exist). */
export async function missingCategories(ids: string[]): Promise<string[]> {
  const found = await prisma.category.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const have = new Set(found.map((c) => c.id));
  return ids.filter((id) => !have.has(id));
}
