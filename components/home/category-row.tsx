import { ProductCard } from "@/components/product/product-card";
import { listProductsByCategory } from "@/lib/catalog/cache";
import { CARD_BOX, ROW_SECTION, RowCardsSkeleton } from "./row-cards";
import { RowHeader, type RowProps } from "./row-header";
import { RowScroller } from "./row-scroller";

/**
 * A category's products at a store (its stock, in stock first) in a horizontal scroller, or null when it has none
 * (an async server component).
 */
export async function CategoryRowCards({ id, name, storeId }: { id: string; name: string; storeId: string }) {
  const products = await listProductsByCategory(storeId, id);
  if (products.length === 0) return null;
  return (
    <RowScroller label={name}>
      {products.map((p) => (
        <div key={p.id} className={CARD_BOX}>
          <ProductCard product={p} />
        </div>
      ))}
    </RowScroller>
  );
}

/** One home row rendered with the page (the rows near the top), streamed under <Suspense>. */
export async function CategoryRow(props: RowProps & { storeId: string }) {
  const cards = await CategoryRowCards(props);
  if (!cards) return null;
  return (
    <section aria-labelledby={`row-${props.id}`} data-testid="category-row" className={ROW_SECTION}>
      <RowHeader id={props.id} name={props.name} href={props.href} />
      {cards}
    </section>
  );
}

export function CategoryRowSkeleton(props: Partial<RowProps>) {
  return (
    <section aria-busy="true" data-testid="category-row-skeleton">
      {props.name && props.id && props.href ? (
        <RowHeader id={props.id} name={props.name} href={props.href} />
      ) : (
        <div className="mb-1 h-11 w-48 animate-pulse rounded bg-canvas md:mb-2" />
      )}
      <RowCardsSkeleton />
    </section>
  );
}
