import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";

export const metadata: Metadata = { title: "Profile" };

export default function ProfilePage() {
  return <DashboardPanel title="Profile" lead="Your name, email, mobile number and avatar." />;
}
