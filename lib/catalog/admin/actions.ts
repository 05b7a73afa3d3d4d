"use server";

import { adminAction, input } from "@/lib/actions/clients";
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
// form's own schema); each calls the same domain function as the REST handler under app/api.

export const addCategoryAction = adminAction
  .inputSchema(input(categoryFormSchema))
  .action(async ({ parsedInput }) => ({
    message: "Category added",
    data: await createCategory(parsedInput),
  }));

export const updateCategoryAction = adminAction
  .inputSchema(input(updateCategorySchema))
  .action(async ({ parsedInput }) => ({
    message: "Category updated",
    data: await updateCategory(parsedInput),
  }));

export const deleteCategoryAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput }) => ({
    message: "Category deleted",
    data: await deleteCategory(parsedInput._id),
  }));

export const addSubCategoryAction = adminAction
  .inputSchema(input(subCategoryFormSchema))
  .action(async ({ parsedInput }) => ({
    message: "Sub category added",
    data: await createSubCategory(parsedInput),
  }));

export const updateSubCategoryAction = adminAction
  .inputSchema(input(updateSubCategorySchema))
  .action(async ({ parsedInput }) => ({
    message: "Sub category updated",
    data: await updateSubCategory(parsedInput),
  }));

export const deleteSubCategoryAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput }) => ({
    message: "Sub category deleted",
    data: await deleteSubCategory(parsedInput._id),
  }));

export const createProductAction = adminAction
  .inputSchema(input(productFormSchema))
  .action(async ({ parsedInput }) => ({
    message: "Product uploaded successfully",
    data: await createProduct(parsedInput),
  }));

export const updateProductAction = adminAction
  .inputSchema(input(updateProductSchema))
  .action(async ({ parsedInput }) => ({
    message: "Product updated",
    data: await updateProduct(parsedInput),
  }));

export const deleteProductAction = adminAction
  .inputSchema(input(deleteSchema))
  .action(async ({ parsedInput }) => {
    const result = await deleteProduct(parsedInput._id);
    return { message: deleteProductMessage(result), data: result.product };
  });
