import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Delivery Partners" };

export default function DeliveryPartnersPage() {
  return (
    <DashboardPanel
      title="Delivery Partners"
      lead="Riders who deliver orders, and whether each is available."
    />
  );
}
