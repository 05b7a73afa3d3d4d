import { shopperStore } from "@/lib/stores/current";
import { CartStoreSync } from "./cart-store-sync";

/**
 * The shopper's store (from the location cookie) for the cart's re-check (cart-store-sync.tsx); rendered by the shop's
 * frame under a Suspense of its own, so it never holds the page.
 */
export async function CartStoreWatch() {
  const { storeId } = await shopperStore();
  return <CartStoreSync storeId={storeId} />;
}
