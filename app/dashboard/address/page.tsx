import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Address" };

export default function AddressPage() {
  return <DashboardPanel title="Address" lead="The delivery addresses saved to your account." />;
}
