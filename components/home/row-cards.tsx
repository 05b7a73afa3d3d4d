import { ProductCardSkeleton } from "@/components/product/product-card-skeleton";

export const CARD_BOX = "w-[9.5rem] shrink-0 sm:w-[10.5rem] md:w-[11.25rem]";

/** Spec §9: 6 product-card skeletons per row while it loads. */
export function RowCardsSkeleton() {
  return (
    <div className="-mx-1 flex gap-3 overflow-hidden px-1 pb-2">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={CARD_BOX}>
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
