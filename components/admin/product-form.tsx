"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormField, SubmitButton } from "@/components/ui/form-field";
import { useServerAction } from "@/components/ui/use-action";
import { showFailure, submitWith } from "@/components/ui/use-zod-form";
import { createProductAction, updateProductAction } from "@/lib/catalog/admin/actions";
import type { Product } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories, fetchSubCategories } from "./admin-api";
import { ChipSelect } from "./chip-select";
import { ProductDetailsFields } from "./product-details-fields";
import { useProductForm } from "./product-form-state";
import { ProductImagesField } from "./product-images-field";
import { ProductStoreStock } from "./product-store-stock";
import { SuccessDialog } from "./success-dialog";

/** Stock, price and discount: typed as text, checked as numbers by the schema. */
const NUMBER_FIELDS = [
  { key: "stock", label: "Number of Stock", inputMode: "numeric", step: 1, max: undefined, noun: "stock" },
  { key: "price", label: "Price", inputMode: "decimal", step: 0.01, max: undefined, noun: "price (₹)" },
  { key: "discount", label: "Discount", inputMode: "numeric", step: 1, max: 100, noun: "discount (%)" },
] as const;

/**
 * The product form (spec §2 Upload Product, §5): used by Upload Product and, with `product`, by the edit modal of
 * the product list ("Update Product"). Checked with the same schema the server uses before it is sent (its first
 * message a toast, each under its field); the server's refusals land under the same fields.
 */
export function ProductForm({
  product,
  onSaved,
}: {
  product?: Product;
  onSaved?: (product: Product) => void;
}) {
  const queryClient = useQueryClient();
  const categories = useQuery({ queryKey: ADMIN_KEYS.categories, queryFn: fetchCategories });
  const subCategories = useQuery({ queryKey: ADMIN_KEYS.subCategories, queryFn: fetchSubCategories });
  const form = useProductForm(product);
  const { values, errors } = form;
  const [success, setSuccess] = useState<string | null>(null);
  // one action per mount: the edit modal updates the product it opened with
  const save = useServerAction(
    (product ? updateProductAction : createProductAction) as typeof updateProductAction,
    {
      toastSuccess: !!product,
    },
  );

  const submit = submitWith(form.form, async (parsed) => {
    const result = await save.run(product ? { id: product.id, ...parsed } : (parsed as never));
    if (!result.ok) {
      showFailure(form.form, result);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.allProducts });
    if (product) onSaved?.(result.data);
    else {
      form.reset();
      setSuccess(result.message);
    }
  });

  return (
    <>
      <form noValidate onSubmit={submit} className="grid gap-4" data-testid="product-form">
        <FormField
          label="Name"
          placeholder="Enter product name"
          {...form.text("name")}
          maxLength={80}
          autoComplete="off"
        />
        <FormField
          label="Description"
          placeholder="Enter product description"
          {...form.text("description")}
          multiline
        />
        <ProductImagesField
          images={values.image}
          error={errors.image}
          onAdd={form.addImage}
          onChange={(images) => form.set("image", images)}
        />

        <div className="grid gap-4 md:grid-cols-2">
          <ChipSelect
            label="Category"
            placeholder="Select Category"
            options={categories.data ?? product?.categories ?? []}
            value={values.category}
            onChange={(ids) => form.set("category", ids)}
            error={errors.category}
          />
          <ChipSelect
            label="Sub Category"
            placeholder="Select Sub Category"
            options={subCategories.data ?? product?.subCategories ?? []}
            value={values.subCategory}
            onChange={(ids) => form.set("subCategory", ids)}
            error={errors.subCategory}
          />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Unit"
            placeholder="Enter product unit (e.g. 500 g)"
            {...form.text("unit")}
            maxLength={40}
          />
          {NUMBER_FIELDS.map(({ key, label, inputMode, step, max, noun }) => (
            <FormField
              key={key}
              label={label}
              type="number"
              inputMode={inputMode}
              min={0}
              max={max}
              step={step}
              placeholder={`Enter product ${noun}`}
              {...form.text(key)}
            />
          ))}
        </div>

        {product && <ProductStoreStock productId={product.id} />}

        <ProductDetailsFields
          details={values.more_details}
          errors={errors.details}
          onChange={form.setDetail}
          onRemove={form.removeDetail}
          onAdd={form.addDetail}
        />

        <SubmitButton ready pending={form.form.formState.isSubmitting} pendingLabel="Saving…">
          {product ? "Update Product" : "Submit"}
        </SubmitButton>
      </form>

      {success && <SuccessDialog message={success} onClose={() => setSuccess(null)} />}
    </>
  );
}
