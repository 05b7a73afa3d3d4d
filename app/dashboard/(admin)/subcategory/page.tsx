import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Sub Category" };

export default function SubCategoryPage() {
  return <DashboardPanel title="Sub Category" lead="Sub-categories and the categories each belongs to." />;
}
