import type { Metadata } from "next";
import { OutcomeCard } from "@/components/layout/outcome-card";

export const metadata: Metadata = { title: "Order Cancel" };

export default function CancelPage() {
  return <OutcomeCard tone="cancel" title="Order Cancel" />;
}
