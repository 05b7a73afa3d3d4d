import "server-only";
import { changedFields, recordAudit, type AuditActor, type AuditValues } from "@/lib/audit";
import { prisma, Prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { getSubCategory } from "@/lib/catalog/subcategories";
import type { SubCategory } from "@/lib/catalog/types";
import { categoryNames } from "./audit";
import { missingCategories } from "./categories";
import { releaseImages } from "./images";
import { plural } from "./text";
import type { SubCategoryFormValues, UpdateSubCategoryValues } from "./schemas";

// Sub-category writes (admin). A sub-category belongs to one or more existing categories; a category chosen twice
// is stored once (the schema already removed repeats). Deleting one that products still use is refused. Each write
// appends to the audit log (lib/audit) in its own transaction: who, and the sub-category before → after.

export const SUBCATEGORY_NOT_FOUND = "Sub-category not found";

export function unknownCategoriesError(missing: string[]): AppError {
  const message =
    missing.length === 1
      ? `Category not found: ${missing[0]}; reload and choose again`
      : `Categories not found: ${missing.join(", ")}; reload and choose again`;
  return new AppError("VALIDATION", message, { fieldErrors: { category: [message] } });
}

async function assertCategoriesExist(ids: string[]) {
  const missing = await missingCategories(ids);
  if (missing.length) throw unknownCategoriesError(missing);
}

const isForeignKeyViolation = (e: unknown) =>
  e instanceof Prisma.PrismaClientKnownRequestError && (e.code === "P2003" || e.code === "P2014");

async function read(id: string): Promise<SubCategory> {
  const dto = await getSubCategory(id);
  if (!dto) throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
  return dto;
}

type SubCategoryState = { name: string; image: string; categories: string[] };

/** The sub-category as the audit log describes it (category names sorted), its row locked for the rest of `tx`. */
async function lockState(tx: Tx, id: string): Promise<SubCategoryState | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "SubCategory" WHERE id = ${id} FOR UPDATE`;
  return locked.length ? state(tx, id) : null;
}

async function state(tx: Tx, id: string): Promise<SubCategoryState> {
  const row = await tx.subCategory.findUniqueOrThrow({
    where: { id },
    select: { name: true, image: true, categories: { select: { categoryId: true } } },
  });
  return { name: row.name, image: row.image, categories: await categoryNames(tx, row.categories.map((c) => c.categoryId)) };
}

const asValues = (s: SubCategoryState): AuditValues => ({ name: s.name, image: s.image, categories: s.categories });

export async function createSubCategory(actor: AuditActor, input: SubCategoryFormValues): Promise<SubCategory> {
  await assertCategoriesExist(input.category);
  let id: string;
  try {
    id = await runTx(async (tx) => {
      const row = await tx.subCategory.create({
        data: {
          name: input.name,
          image: input.image,
          categories: { create: input.category.map((categoryId) => ({ categoryId })) },
        },
        select: { id: true },
      });
      const after = await state(tx, row.id);
      await recordAudit(tx, {
        actor,
        action: "subcategory.create",
        subject: { type: "subcategory", id: row.id, label: after.name },
        after: asValues(after),
      });
      return row.id;
    });
  } catch (error) {
    // a category deleted between the check and the insert
    if (isForeignKeyViolation(error)) throw unknownCategoriesError(await missingCategories(input.category));
    throw error;
  }
  invalidateCatalog("subcategory");
  return read(id);
}

export async function updateSubCategory(actor: AuditActor, input: UpdateSubCategoryValues): Promise<SubCategory> {
  const found = await prisma.subCategory.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
  await assertCategoriesExist(input.category);
  let before: SubCategoryState;
  try {
    before = await runTx(async (tx) => {
      const current = await lockState(tx, input.id);
      if (!current) throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
      await tx.subCategory.update({ where: { id: input.id }, data: { name: input.name, image: input.image } });
      await tx.subCategoryCategory.deleteMany({
        where: { subCategoryId: input.id, categoryId: { notIn: input.category } },
      });
      await tx.subCategoryCategory.createMany({
        data: input.category.map((categoryId) => ({ subCategoryId: input.id, categoryId })),
        skipDuplicates: true,
      });
      const after = await state(tx, input.id);
      const diff = changedFields(current, after, ["name", "image", "categories"]);
      if (diff) {
        await recordAudit(tx, {
          actor,
          action: "subcategory.update",
          subject: { type: "subcategory", id: input.id, label: after.name },
          ...diff,
        });
      }
      return current;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw unknownCategoriesError(await missingCategories(input.category));
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
    }
    throw error;
  }
  invalidateCatalog("subcategory");
  if (before.image !== input.image) await releaseImages([before.image]);
  return read(input.id);
}

export const subCategoryInUseMessage = (products: number) =>
  `This sub-category is used by ${plural(products, "product", "products")}; move them first`;

/** Deletes a sub-category no product uses (its category links go with it); 409 with the count otherwise. */
export async function deleteSubCategory(actor: AuditActor, id: string): Promise<SubCategory> {
  const dto = await getSubCategory(id);
  if (!dto) throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
  const products = await prisma.productSubCategory.count({ where: { subCategoryId: id } });
  if (products) throw new AppError("CONFLICT", subCategoryInUseMessage(products));
  try {
    await runTx(async (tx) => {
      const before = await lockState(tx, id);
      if (!before) throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
      await recordAudit(tx, {
        actor,
        action: "subcategory.delete",
        subject: { type: "subcategory", id, label: before.name },
        before: asValues(before),
      });
      await tx.subCategory.delete({ where: { id } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      const now = await prisma.productSubCategory.count({ where: { subCategoryId: id } });
      throw new AppError("CONFLICT", subCategoryInUseMessage(now));
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw new AppError("NOT_FOUND", SUBCATEGORY_NOT_FOUND);
    }
    throw error;
  }
  invalidateCatalog("subcategory");
  await releaseImages([dto.image]);
  return dto;
}

/** The ids among `ids` that are not sub-categories. */
export async function missingSubCategories(ids: string[]): Promise<string[]> {
  const found = await prisma.subCategory.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const have = new Set(found.map((s) => s.id));
  return ids.filter((id) => !have.has(id));
}
