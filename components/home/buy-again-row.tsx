import { ProductCard } from "@/components/product/product-card";
import { getSessionViewer } from "@/lib/auth/viewer";
import { listBuyAgainProducts } from "@/lib/catalog/products";
import { CARD_BOX, ROW_SECTION } from "./row-cards";
import { RowScroller } from "./row-scroller";

/**
 * "Buy again" (issue 18): a signed-in shopper's most-ordered products that their store has in stock. Rendered on the
 * server when the browser asks for it (loadBuyAgainRow, from the home page's BuyAgainIsland); nothing for a guest, for
 * a shopper with no orders yet, or when none of their products is in stock here.
 */
export async function BuyAgainRow({ storeId }: { storeId: string }) {
  const viewer = await getSessionViewer();
  if (!viewer) return null;
  const products = await listBuyAgainProducts(viewer.id, storeId);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="row-buy-again" data-testid="buy-again-row" className={ROW_SECTION}>
      <h2 id="row-buy-again" className="mb-3 text-lg font-bold tracking-tight text-ink md:text-2xl">
        Buy again
      </h2>
      <RowScroller label="Buy again">
        {products.map((p) => (
          <div key={p.id} className={CARD_BOX}>
            <ProductCard product={p} />
          </div>
        ))}
      </RowScroller>
    </section>
  );
}
