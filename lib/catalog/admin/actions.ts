"use server";

import { z } from "zod";
import { defaultStoreId } from "@/lib/stores/current";
import { adminAction, input } from "@/lib/actions/clients";
import { listCategories } from "@/lib/catalog/categories";
import { ADMIN_PAGE_SIZE, pageSchema, searchTextSchema } from "@/lib/catalog/params";
import { listProducts } from "@/lib/catalog/products";
import { listSubCategories } from "@/lib/catalog/subcategories";
import { createCategory, deleteCategory, updateCategory } from "./categories";
import { createProduct, deleteProduct, deleteProductMessage, updateProduct } from "./products";
import {
  categoryFormSchema,
  deleteSchema,
  productFormSchema,
  subCategoryFormSchema,
  updateCategorySchema,
  updateProductSchema,
  updateSubCategorySchema,
} from "./schemas";
import { createSubCategory, deleteSubCategory, updateSubCategory } from "./subcategories";

// Server actions of the admin screens, through the admin action client (ADMIN role checked, input parsed with the
// form's own schema); each calls the same domain function as the REST handler under app/api, with the admin as the
// actor its audit entry names. The screens' lists are read here too, uncached and in the catalogue's own words.

export const listCategoriesAction = adminAction.action(async () => ({ message: "", data: await listCategories() }));

export const listSubCategoriesAction = adminAction.action(async () => ({
  message: "",
  data: await listSubCategories(),
}));

const productListSchema = z.object({ page: pageSchema, search: searchTextSchema });

export const listProductsAction = adminAction
  .inputSchema(input(productListSchema))
  .action(async ({ parsedInput }) => ({
    message: "",
    // the admin's product form reads and writes the default store's stock (issue 16)
    data: await listProducts({ ...parsedInput, limit: ADMIN_PAGE_SIZE, storeId: await defaultStoreId() }),
  }));

export const addCategoryAction = adminAction
  .inputSchema(input(categoryFormSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Category added",
    data: await createCategory(ctx.viewer, parsedInput),
  }));

export const updateCategoryAction = adminAction
  .inputSchema(input(updateCategorySchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Category updated",
    data: await updateCategory(ctx.viewer, parsedInput),
  }));

export const deleteCategoryAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Category deleted",
    data: await deleteCategory(ctx.viewer, parsedInput.id),
  }));

export const addSubCategoryAction = adminAction
  .inputSchema(input(subCategoryFormSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Sub category added",
    data: await createSubCategory(ctx.viewer, parsedInput),
  }));

export const updateSubCategoryAction = adminAction
  .inputSchema(input(updateSubCategorySchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Sub category updated",
    data: await updateSubCategory(ctx.viewer, parsedInput),
  }));

export const deleteSubCategoryAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Sub category deleted",
    data: await deleteSubCategory(ctx.viewer, parsedInput.id),
  }));

export const createProductAction = adminAction
  .inputSchema(input(productFormSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Product uploaded successfully",
    data: await createProduct(ctx.viewer, parsedInput),
  }));

export const updateProductAction = adminAction
  .inputSchema(input(updateProductSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Product updated",
    data: await updateProduct(ctx.viewer, parsedInput),
  }));

export const deleteProductAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput, ctx }) => {
    const result = await deleteProduct(ctx.viewer, parsedInput.id);
    return { message: deleteProductMessage(result), data: result.product };
  });
