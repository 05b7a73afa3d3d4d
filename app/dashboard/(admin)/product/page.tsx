import type { Metadata } from "next";
import { ProductAdmin } from "@/components/admin/product-admin";
import { NoPermission } from "@/components/admin/no-permission";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";

export const metadata: Metadata = { title: "Product" };

// The (admin) layout already refuses non-admins; the page checks again itself, since layouts and pages render
// independently.
export default async function Page() {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  return <ProductAdmin />;
}
