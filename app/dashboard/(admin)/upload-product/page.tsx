import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Upload Product" };

export default function UploadProductPage() {
  return (
    <DashboardPanel
      title="Upload Product"
      lead="Add a product to the catalogue: images, categories, unit, stock, price and discount."
    />
  );
}
