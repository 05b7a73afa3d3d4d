"use server";

import { createCategory, deleteCategory, updateCategory } from "./categories";
import { createProduct, deleteProduct, deleteProductMessage, updateProduct } from "./products";
import { runAdminAction } from "./run-action";
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

// Server actions of the admin screens. Each checks the ADMIN role and parses with the form's schema (runAdminAction),
// then calls the same domain function as the REST handler under app/api.

export async function addCategoryAction(input: unknown) {
  return runAdminAction(categoryFormSchema, input, async (v) => ({
    message: "Category added",
    data: await createCategory(v),
  }));
}

export async function updateCategoryAction(input: unknown) {
  return runAdminAction(updateCategorySchema, input, async (v) => ({
    message: "Category updated",
    data: await updateCategory(v),
  }));
}

export async function deleteCategoryAction(input: unknown) {
  return runAdminAction(deleteSchema, input, async (v) => ({
    message: "Category deleted",
    data: await deleteCategory(v._id),
  }));
}

export async function addSubCategoryAction(input: unknown) {
  return runAdminAction(subCategoryFormSchema, input, async (v) => ({
    message: "Sub category added",
    data: await createSubCategory(v),
  }));
}

export async function updateSubCategoryAction(input: unknown) {
  return runAdminAction(updateSubCategorySchema, input, async (v) => ({
    message: "Sub category updated",
    data: await updateSubCategory(v),
  }));
}

export async function deleteSubCategoryAction(input: unknown) {
  return runAdminAction(deleteSchema, input, async (v) => ({
    message: "Sub category deleted",
    data: await deleteSubCategory(v._id),
  }));
}

export async function createProductAction(input: unknown) {
  return runAdminAction(productFormSchema, input, async (v) => ({
    message: "Product uploaded successfully",
    data: await createProduct(v),
  }));
}

export async function updateProductAction(input: unknown) {
  return runAdminAction(updateProductSchema, input, async (v) => ({
    message: "Product updated",
    data: await updateProduct(v),
  }));
}

export async function deleteProductAction(input: unknown) {
  return runAdminAction(deleteSchema, input, async (v) => {
    const result = await deleteProduct(v._id);
    return { message: deleteProductMessage(result), data: result.product };
  });
}
