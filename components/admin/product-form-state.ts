"use client";

import { useState } from "react";
import type { z } from "zod";
import { toast } from "@/components/ui/toast";
import { MAX_EXTRA_FIELDS } from "@/lib/catalog/admin/schemas";
import type { Product } from "@/lib/catalog/types";
import { toRupees } from "@/lib/money";

// The product form's values and errors (components/admin/product-form.tsx): what it starts from, how a field
// changes (clearing its error), and the extra "more details" fields an admin adds by name.

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

/** Field → first message; extra fields are keyed `more_details.<name>`. */
export function errorsOf(error: z.ZodError): Record<string, string> {
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

const without = (errors: Record<string, string>, key: string) => {
  const { [key]: _, ...rest } = errors;
  return rest;
};

export function useProductValues(product?: Product) {
  const [values, setValues] = useState<ProductValues>(() => (product ? valuesOf(product) : EMPTY_PRODUCT));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => without(e, key));
  };

  /** The props of a text field: its name, value, change handler and error. */
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });

  const addImage = (url: string) => {
    setValues((v) => (v.image.includes(url) ? v : { ...v, image: [...v.image, url] }));
    setErrors((e) => without(e, "image"));
  };

  const setDetail = (field: string, value: string) => {
    setValues((v) => ({ ...v, more_details: { ...v.more_details, [field]: value } }));
    setErrors((e) => without(e, `more_details.${field}`));
  };

  const removeDetail = (field: string) =>
    setValues((v) => ({ ...v, more_details: without(v.more_details, field) }));

  /** Adds an empty extra field; false (with a toast) for a duplicate name or one too many. */
  function addDetail(name: string): boolean {
    const names = Object.keys(values.more_details);
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

  function reset() {
    setValues(EMPTY_PRODUCT);
    setErrors({});
  }

  return { values, errors, setErrors, set, text, addImage, setDetail, removeDetail, addDetail, reset };
}
