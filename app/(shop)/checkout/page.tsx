import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { PageSection } from "@/components/layout/page-section";
import { listAddresses } from "@/lib/addresses";
import { getSessionViewer } from "@/lib/auth/viewer";
import { getCart } from "@/lib/cart";
import { cashOrderNeedsVerifiedEmail } from "@/lib/orders";
import { cardPaymentsAvailable } from "@/lib/payments";
import { shopperStore } from "@/lib/stores/current";

export const metadata: Metadata = { title: "Checkout" };

// Logged-in only: a guest goes to the login page and comes back here afterwards. Online Payment is offered only
// where the shop can take card payments (Stripe keys, or test payments allowed); the server refuses it anyway.
export default async function CheckoutPage() {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent("/checkout")}`);
  // the cart checked against the shopper's store (the location cookie): lines it cannot supply block checkout
  const { storeId } = await shopperStore();
  const [cart, addresses, verifyFirst] = await Promise.all([
    getCart(viewer.id, storeId),
    listAddresses(viewer.id),
    cashOrderNeedsVerifiedEmail(viewer.id),
  ]);

  return (
    <PageSection title="Checkout">
      <CheckoutView
        initialCart={cart}
        initialAddresses={addresses.filter((a) => a.active)}
        cardPayments={cardPaymentsAvailable()}
        verifyEmailFor={verifyFirst ? viewer.email : null}
      />
    </PageSection>
  );
}
