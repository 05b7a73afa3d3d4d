import { CartStoreSync } from "@/components/cart/cart-store-sync";
import { shopperStore } from "@/lib/stores/current";

/** The shopper's store (from the location cookie) for the cart's re-check; streamed, so it never holds the page. */
export async function CartStoreWatch() {
  const { storeId } = await shopperStore();
  return <CartStoreSync storeId={storeId} />;
}
