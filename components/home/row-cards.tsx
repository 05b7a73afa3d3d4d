import { ProductCardSkeleton } from "@/components/product/product-card-skeleton";

export const CARD_BOX = "w-[9.5rem] shrink-0 sm:w-[10.5rem] md:w-[11.25rem]";

/**
 * A home row's section. Off screen the browser skips its style, layout and paint (content-visibility), which most of
 * the 15 rows are on a phone; the size holds the row's place until it has been drawn once (about 315 px on a phone,
 * 355 px on a desktop), after which `auto` keeps the real one, so nothing shifts.
 */
export const ROW_SECTION =
  "[content-visibility:auto] [contain-intrinsic-size:auto_315px] md:[contain-intrinsic-size:auto_355px]";

/**
 * Spec §9: 6 product-card skeletons per row while it loads. `count` 1 is the cheap stand-in of a row far below the
 * screen that has not started loading: the same height, a sixth of the elements to hydrate.
 */
export function RowCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="-mx-1 flex gap-3 overflow-hidden px-1 pb-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={CARD_BOX}>
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
