"use client";

import { AdminHeader } from "@/components/ui/crud-screen";
import { ProductForm } from "./product-form";

/** spec §2 Upload Product. */
export function UploadProduct() {
  return (
    <section>
      <AdminHeader title="Upload Product" />
      <div className="mt-5 max-w-3xl">
        <ProductForm />
      </div>
    </section>
  );
}
