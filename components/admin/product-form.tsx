"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { ImageIcon, PlusIcon, XIcon } from "@/components/ui/icons";
import { createProductAction, updateProductAction } from "@/lib/catalog/admin/actions";
import { MAX_EXTRA_FIELDS, MAX_PRODUCT_IMAGES, productFormSchema } from "@/lib/catalog/admin/schemas";
import type { Product } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories, fetchSubCategories } from "./admin-api";
import { AddFieldDialog } from "./add-field-dialog";
import { ChipSelect } from "./chip-select";
import { FieldError, FormField, SubmitButton } from "@/components/ui/form-field";
import { ImageUploadButton } from "./image-upload";
import { ImageViewer } from "./image-viewer";
import { SuccessDialog } from "./success-dialog";
import { callAction, failureText, toastResult } from "@/components/ui/use-action";
import { CatalogImage } from "@/components/ui/catalog-image";

type Values = {
  name: string;
  description: string;
  image: string[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: string;
  price: string;
  discount: string;
  more_details: Record<string, string>;
};

const EMPTY: Values = {
  name: "",
  description: "",
  image: [],
  category: [],
  subCategory: [],
  unit: "",
  stock: "",
  price: "",
  discount: "",
  more_details: {},
};

function valuesOf(product: Product): Values {
  return {
    name: product.name,
    description: product.description,
    image: product.image,
    category: product.category.map((c) => c._id),
    subCategory: product.subCategory.map((s) => s._id),
    unit: product.unit,
    stock: String(product.stock),
    price: String(product.price),
    discount: String(product.discount),
    more_details: { ...product.more_details },
  };
}

/** Field → first message; extra fields are keyed `more_details.<name>`. */
function errorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path;
    const key =
      first === "more_details" && second !== undefined
        ? `more_details.${String(second)}`
        : String(first ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The product form (spec §2 Upload Product, §5): used by Upload Product and, with `product`, by the edit modal of
 * the product list ("Update Product"). Checked with the same schema the server uses before it is sent.
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
  const [values, setValues] = useState<Values>(() => (product ? valuesOf(product) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [addingField, setAddingField] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setDetail = (field: string, value: string) => {
    setValues((v) => ({ ...v, more_details: { ...v.more_details, [field]: value } }));
    setErrors(({ [`more_details.${field}`]: _, ...rest }) => rest);
  };
  const removeDetail = (field: string) =>
    setValues((v) => {
      const { [field]: _, ...rest } = v.more_details;
      return { ...v, more_details: rest };
    });

  function addField(name: string): boolean {
    if (Object.keys(values.more_details).some((k) => k.toLowerCase() === name.toLowerCase())) {
      toast.error(`There is already a field named "${name}"`);
      return false;
    }
    if (Object.keys(values.more_details).length >= MAX_EXTRA_FIELDS) {
      toast.error(`At most ${MAX_EXTRA_FIELDS} extra fields`);
      return false;
    }
    setDetail(name, "");
    return true;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = productFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      toast.error(parsed.error.issues[0]?.message ?? "Check the form");
      return;
    }
    setPending(true);
    const result = await (product
      ? callAction(updateProductAction, { _id: product._id, ...parsed.data })
      : callAction(createProductAction, parsed.data));
    setPending(false);
    if (!result.ok) {
      toast.error(failureText(result));
      const fields = Object.fromEntries(
        Object.entries(result.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ""]),
      );
      setErrors(fields);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.allProducts });
    if (product) {
      toastResult(result);
      onSaved?.(result.data);
    } else {
      setValues(EMPTY);
      setErrors({});
      setSuccess(result.message);
    }
  }

  const images = values.image;
  return (
    <>
      <form noValidate onSubmit={submit} className="grid gap-4" data-testid="product-form">
        <FormField
          label="Name"
          name="name"
          placeholder="Enter product name"
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
          maxLength={80}
          autoComplete="off"
        />
        <FormField
          label="Description"
          name="description"
          placeholder="Enter product description"
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          error={errors.description}
          multiline
        />

        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold">Image</span>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-line bg-canvas/60 p-3">
            {images.length === 0 && (
              <span className="flex items-center gap-2 text-sm text-muted">
                <ImageIcon className="size-5" />
                No images yet
              </span>
            )}
            {images.map((url, i) => (
              <div
                key={url}
                data-testid="product-image"
                className="relative size-20 rounded-lg border border-line bg-white"
              >
                <button
                  type="button"
                  onClick={() => setPreview(url)}
                  aria-label={`Preview image ${i + 1}`}
                  className="block size-full overflow-hidden rounded-lg"
                >
                  <CatalogImage src={url} loading="auto" />
                </button>
                <button
                  type="button"
                  onClick={() =>
                    set(
                      "image",
                      images.filter((u) => u !== url),
                    )
                  }
                  aria-label={`Remove image ${i + 1}`}
                  className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-red-600 text-white shadow hover:bg-red-700"
                >
                  <XIcon className="size-3.5" />
                </button>
              </div>
            ))}
            <ImageUploadButton
              multiple
              disabled={images.length >= MAX_PRODUCT_IMAGES}
              // uploads add to the product's images (several allowed)
              onUploaded={(url) => {
                setValues((v) => (v.image.includes(url) ? v : { ...v, image: [...v.image, url] }));
                setErrors(({ image: _, ...rest }) => rest);
              }}
            />
          </div>
          {errors.image && <FieldError>{errors.image}</FieldError>}
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <ChipSelect
            label="Category"
            placeholder="Select Category"
            options={categories.data ?? product?.category ?? []}
            value={values.category}
            onChange={(ids) => set("category", ids)}
            error={errors.category}
          />
          <ChipSelect
            label="Sub Category"
            placeholder="Select Sub Category"
            options={subCategories.data ?? product?.subCategory ?? []}
            value={values.subCategory}
            onChange={(ids) => set("subCategory", ids)}
            error={errors.subCategory}
          />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Unit"
            name="unit"
            placeholder="Enter product unit (e.g. 500 g)"
            value={values.unit}
            onChange={(e) => set("unit", e.target.value)}
            error={errors.unit}
            maxLength={40}
          />
          <FormField
            label="Number of Stock"
            name="stock"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="Enter product stock"
            value={values.stock}
            onChange={(e) => set("stock", e.target.value)}
            error={errors.stock}
          />
          <FormField
            label="Price"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="Enter product price (₹)"
            value={values.price}
            onChange={(e) => set("price", e.target.value)}
            error={errors.price}
          />
          <FormField
            label="Discount"
            name="discount"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            placeholder="Enter product discount (%)"
            value={values.discount}
            onChange={(e) => set("discount", e.target.value)}
            error={errors.discount}
          />
        </div>

        {Object.entries(values.more_details).map(([field, value]) => (
          <FormField
            key={field}
            label={field}
            name={`more_details.${field}`}
            placeholder={`Enter ${field}`}
            value={value}
            onChange={(e) => setDetail(field, e.target.value)}
            error={errors[`more_details.${field}`]}
            maxLength={500}
            labelAddon={
              <button
                type="button"
                onClick={() => removeDetail(field)}
                aria-label={`Remove field ${field}`}
                className="flex size-7 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-red-600"
              >
                <XIcon className="size-4" />
              </button>
            }
          />
        ))}
        {errors.more_details && <FieldError>{errors.more_details}</FieldError>}

        <div>
          <button
            type="button"
            onClick={() => setAddingField(true)}
            className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <PlusIcon className="size-4" />
            Add Fields
          </button>
        </div>

        <SubmitButton ready pending={pending} pendingLabel="Saving…">
          {product ? "Update Product" : "Submit"}
        </SubmitButton>
      </form>

      {addingField && <AddFieldDialog onAdd={addField} onClose={() => setAddingField(false)} />}
      {preview && <ImageViewer url={preview} alt="Product image" onClose={() => setPreview(null)} />}
      {success && <SuccessDialog message={success} onClose={() => setSuccess(null)} />}
    </>
  );
}
