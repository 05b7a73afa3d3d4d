import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";

export const metadata: Metadata = { title: "Checkout" };

export default function CheckoutPage() {
  return (
    <PageSection title="Checkout" lead="Choose your address, then pay online or with cash on delivery." />
  );
}
