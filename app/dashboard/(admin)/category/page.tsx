import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Category" };

export default function CategoryPage() {
  return <DashboardPanel title="Category" lead="The catalogue's categories, with their images." />;
}
