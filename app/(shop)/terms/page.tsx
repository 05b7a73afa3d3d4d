import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";
import { Prose } from "@/components/layout/prose";

export const metadata: Metadata = { title: "Terms" };

export default function TermsPage() {
  return (
    <PageSection title="Terms of use" lead="The short version of how ordering works here.">
      <Prose>
        <h2>Orders and prices</h2>
        <p>
          Prices are in Indian rupees (INR) and include any discount shown. The total is worked out by the
          shop when you place the order; items are reserved only once the order is placed, and an item may
          sell out before then.
        </p>
        <h2>Delivery</h2>
        <p>
          We aim to deliver within 10 minutes. The time shown is an estimate that depends on how busy our
          delivery partners are. Delivery is free.
        </p>
        <h2>Payment</h2>
        <p>
          Pay online by card or in cash on delivery. For cash on delivery, please keep the exact change ready.
          A paid order that is cancelled is refunded to the card used.
        </p>
        <h2>Your account</h2>
        <p>Keep your password to yourself; you are responsible for orders placed from your account.</p>
        <h2>The software</h2>
        <p>
          Kwikmart is open-source software provided as is, without warranty, by the people who run this
          instance.
        </p>
      </Prose>
    </PageSection>
  );
}
