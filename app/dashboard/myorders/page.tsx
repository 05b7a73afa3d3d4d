import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "My Orders" };

export default function MyOrdersPage() {
  return (
    <DashboardPanel title="Order" lead="Every order you have placed, newest first, with help for each one." />
  );
}
