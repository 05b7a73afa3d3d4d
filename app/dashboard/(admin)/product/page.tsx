import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Product" };

export default function ProductPage() {
  return <DashboardPanel title="Product" lead="Search, edit and delete the catalogue's products." />;
}
