import type { Metadata } from "next";
import { unstable_rethrow } from "next/navigation";
import { CancellationPolicy } from "@/components/cart/cancellation-policy";
import { CartContents } from "@/components/cart/cart-contents";
import { ServerCartProvider } from "@/components/cart/server-cart";
import { getSessionViewer } from "@/lib/auth/viewer";
import { getCart } from "@/lib/cart";
import { log } from "@/lib/log";
import { shopperStore } from "@/lib/stores/current";

export const metadata: Metadata = { title: "Cart", robots: { index: false } };

/**
 * The cart as a full page (phones reach it from the bottom cart bar): the drawer's content, laid out wide. A
 * signed-in shopper's lines come in the page's HTML, checked against the store of their location (as checkout's
 * do); a guest's cart lives in the browser and is drawn there.
 */
export default async function CartPage() {
  const cart = await serverCart();
  return (
    // a screen tall at least: a guest's lines are read in the browser, and a short first paint would let the footer
    // show and then be pushed away by them (a layout shift of 0.2 on a phone)
    <div className="min-h-dvh bg-canvas">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-8">
        <h1 className="mb-4 text-xl font-bold tracking-tight text-ink md:text-2xl">My Cart</h1>
        <ServerCartProvider cart={cart}>
          <CartContents variant="page" footnote={<CancellationPolicy />} />
        </ServerCartProvider>
      </div>
    </div>
  );
}

/**
 * A signed-in shopper's cart for the page's HTML (null for a guest). When it cannot be read (the database briefly
 * away) the page still opens and the browser reads the cart itself, with its own "could not load your cart" and
 * retries, as it did before the HTML carried the lines.
 */
async function serverCart() {
  try {
    const viewer = await getSessionViewer();
    return viewer ? await getCart(viewer.id, (await shopperStore()).storeId) : null;
  } catch (error) {
    // Next's own signals (this page is dynamic: it reads the cookies) are not failures and go on up
    unstable_rethrow(error);
    log.warn({ err: error }, "cart page: cart not read on the server; the browser reads it");
    return null;
  }
}
