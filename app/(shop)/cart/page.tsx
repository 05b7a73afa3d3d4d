import type { Metadata } from "next";
import { CancellationPolicy } from "@/components/cart/cancellation-policy";
import { CartContents } from "@/components/cart/cart-contents";

export const metadata: Metadata = { title: "Cart", robots: { index: false } };

/** The cart as a full page (phones reach it from the bottom cart bar): the drawer's content, laid out wide. */
export default function CartPage() {
  return (
    // a screen tall at least: the lines are read in the browser, and a short first paint would let the footer show
    // and then be pushed away by them (a layout shift of 0.2 on a phone)
    <div className="min-h-dvh bg-canvas">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-8">
        <h1 className="mb-4 text-xl font-bold tracking-tight text-ink md:text-2xl">My Cart</h1>
        <CartContents variant="page" footnote={<CancellationPolicy />} />
      </div>
    </div>
  );
}
