import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Orders" };

export default function OrdersPage() {
  return (
    <DashboardPanel
      title="Orders"
      lead="All orders placed in the shop, with their status and delivery partner."
    />
  );
}
