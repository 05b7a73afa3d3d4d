"use client";

import type { FieldErrors } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { bindField, messageOf, useZodForm } from "@/components/ui/use-zod-form";
import { MAX_EXTRA_FIELDS, productFormSchema } from "@/lib/catalog/admin/schemas";
import type { Product } from "@/lib/catalog/types";
import { toRupees } from "@/lib/money";

// The product form's state (components/admin/product-form.tsx): react-hook-form with the schema the server parses
// with, what it starts from, the pictures, chips and extra "more details" fields an admin adds by name.

export type ProductValues = {
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

/** The fields typed as text (numbers are typed as text too and parsed by the schema). */
export type TextKey = "name" | "description" | "unit" | "stock" | "price" | "discount";
type ListKey = "image" | "category" | "subCategory";

export const EMPTY_PRODUCT: ProductValues = {
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

function valuesOf(product: Product): ProductValues {
  return {
    name: product.name,
    description: product.description,
    image: product.images,
    category: product.categories.map((c) => c.id),
    subCategory: product.subCategories.map((s) => s.id),
    unit: product.unit,
    stock: String(product.stock),
    price: String(toRupees(product.pricePaise)),
    discount: String(product.discount),
    more_details: { ...product.moreDetails },
  };
}

/** The messages of the extra fields, keyed `more_details.<name>` (and `more_details` for the list as a whole). */
function detailErrors(errors: FieldErrors, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const whole = messageOf(errors, "more_details");
  if (whole) out.more_details = whole;
  for (const name of names) {
    const message = messageOf(errors, `more_details.${name}`);
    if (message) out[`more_details.${name}`] = message;
  }
  return out;
}

export function useProductForm(product?: Product) {
  const form = useZodForm(productFormSchema, product ? valuesOf(product) : EMPTY_PRODUCT);
  const values = form.watch() as ProductValues;
  const errors = form.formState.errors;
  // after a first submit, a change checks again (as the text fields do)
  const options = () => ({ shouldValidate: form.formState.isSubmitted, shouldDirty: true });

  const set = (key: ListKey, value: string[]) => form.setValue(key, value, options());
  const text = bindField(form) as (key: TextKey) => ReturnType<ReturnType<typeof bindField>>;

  const addImage = (url: string) => {
    const images = form.getValues("image") as string[];
    if (!images.includes(url)) set("image", [...images, url]);
  };

  const setDetails = (details: Record<string, string>) => form.setValue("more_details", details, options());
  const setDetail = (field: string, value: string) =>
    setDetails({ ...(form.getValues("more_details") as Record<string, string>), [field]: value });
  const removeDetail = (field: string) => {
    const { [field]: _gone, ...rest } = form.getValues("more_details") as Record<string, string>;
    setDetails(rest);
  };

  /** Adds an empty extra field; false (with a toast) for a duplicate name or one too many. */
  function addDetail(name: string): boolean {
    const names = Object.keys(form.getValues("more_details") ?? {});
    if (names.some((k) => k.toLowerCase() === name.toLowerCase())) {
      toast.error(`There is already a field named "${name}"`);
      return false;
    }
    if (names.length >= MAX_EXTRA_FIELDS) {
      toast.error(`At most ${MAX_EXTRA_FIELDS} extra fields`);
      return false;
    }
    setDetail(name, "");
    return true;
  }

  return {
    form,
    values,
    errors: {
      image: messageOf(errors, "image"),
      category: messageOf(errors, "category"),
      subCategory: messageOf(errors, "subCategory"),
      details: detailErrors(errors, Object.keys(values.more_details ?? {})),
    },
    set,
    text,
    addImage,
    setDetail,
    removeDetail,
    addDetail,
    reset: () => form.reset(EMPTY_PRODUCT),
  };
}
