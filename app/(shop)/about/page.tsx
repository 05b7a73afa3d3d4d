import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";
import { Prose } from "@/components/layout/prose";

export const metadata: Metadata = { title: "About" };

export default function AboutPage() {
  return (
    <PageSection title="About Kwikmart" lead="Groceries at your door in 10 minutes.">
      <Prose>
        <p>
          Kwikmart is an open-source quick-commerce shop. Shoppers browse categories, search, fill a cart and
          pay by card or cash on delivery; a nearby delivery partner brings the order over in minutes.
        </p>
        <h2>What we promise</h2>
        <ul>
          <li>Superfast delivery from a store close to you.</li>
          <li>The best prices and offers, with every discount shown up front.</li>
          <li>A wide assortment of 5000+ products, from milk and bread to snacks and home care.</li>
        </ul>
        <h2>Open source</h2>
        <p>
          The whole shop — storefront, admin tools and delivery-partner dispatch — is free software that
          anyone can run for their own neighbourhood store. This site is run by its operator, who is
          responsible for the orders placed here.
        </p>
      </Prose>
    </PageSection>
  );
}
