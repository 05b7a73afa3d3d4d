import { Suspense } from "react";
import { CartStoreWatch } from "@/components/cart/cart-store-watch";
import { MobileCartBar } from "@/components/cart/mobile-cart-bar";
import { SiteFooter } from "@/components/footer/site-footer";
import { SiteHeader } from "@/components/header/site-header";
import { ResultsTransitionProvider } from "@/components/catalog/results-transition";
import { LocationRoot } from "@/components/location/location-root";
import { shopperStore } from "@/lib/stores/current";

/**
 * Header, page, footer and the phone cart bar: the frame of every shop page (and of the 404 page), under the shopper's
 * delivery location (the header's promise, every ADD).
 */
export async function ShopShell({ children }: { children: React.ReactNode }) {
  // names the store whose stock the page shows, for the page cache (lib/page-cache/serve.ts): a stock change there
  // clears the cached pages that show it
  const { storeId } = await shopperStore().catch(() => ({ storeId: undefined }));
  return (
    <LocationRoot>
      <ResultsTransitionProvider>
        <SiteHeader />
        <main id="main" className="flex-1" data-store={storeId}>
          {children}
        </main>
        <SiteFooter />
        {/* the phone cart bar, with room below the footer while it shows */}
        <MobileCartBar />
        {/* a change of location re-checks the cart against the new store (issue 16) */}
        <Suspense fallback={null}>
          <CartStoreWatch />
        </Suspense>
      </ResultsTransitionProvider>
    </LocationRoot>
  );
}
