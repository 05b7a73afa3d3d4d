import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";

export const metadata: Metadata = { title: "Cart" };

export default function CartPage() {
  return <PageSection title="My Cart" lead="The items in your basket, your savings and the bill." />;
}
