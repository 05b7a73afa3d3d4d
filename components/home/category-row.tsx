import Link from "next/link";
import { ProductCard } from "@/components/product/product-card";
import { ProductCardSkeleton } from "@/components/product/product-card-skeleton";
import { listProductsByCategory } from "@/lib/catalog/cache";
import { RowScroller } from "./row-scroller";

type RowProps = { id: string; name: string; href: string };

const CARD_BOX = "w-[9.5rem] shrink-0 sm:w-[10.5rem] md:w-[11.25rem]";

function RowHeader({ id, name, href }: RowProps) {
  return (
    <div className="mb-3 flex items-center justify-between gap-4">
      <h2 id={`row-${id}`} className="text-lg font-bold tracking-tight text-ink md:text-2xl">
        {name}
      </h2>
      <Link
        href={href}
        aria-label={`See All ${name}`}
        className="shrink-0 rounded-md text-sm font-semibold text-brand-600 hover:text-brand-700 md:text-base"
      >
        See All
      </Link>
    </div>
  );
}

/** One home row: a category's products in a horizontal scroller (an async server component under <Suspense>). */
export async function CategoryRow(props: RowProps) {
  const products = await listProductsByCategory(props.id);
  if (products.length === 0) return null;

  return (
    <section aria-labelledby={`row-${props.id}`} data-testid="category-row">
      <RowHeader {...props} />
      <RowScroller label={props.name}>
        {products.map((p) => (
          <div key={p._id} className={CARD_BOX}>
            <ProductCard product={p} />
          </div>
        ))}
      </RowScroller>
    </section>
  );
}

/** Spec §9: 6 product-card skeletons per row while it loads. */
export function CategoryRowSkeleton(props: Partial<RowProps>) {
  return (
    <section aria-busy="true" data-testid="category-row-skeleton">
      {props.name && props.id && props.href ? (
        <RowHeader id={props.id} name={props.name} href={props.href} />
      ) : (
        <div className="mb-3 h-7 w-48 animate-pulse rounded bg-canvas" />
      )}
      <div className="-mx-1 flex gap-3 overflow-hidden px-1 pb-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={CARD_BOX}>
            <ProductCardSkeleton />
          </div>
        ))}
      </div>
    </section>
  );
}
