/** A card-shaped placeholder with the card's exact proportions, so content arriving shifts nothing. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="product-card-skeleton"
      className="flex h-full animate-pulse flex-col rounded-xl border border-line bg-white p-2.5 md:p-3"
    >
      <span className="block aspect-[6/5] rounded-lg bg-canvas md:aspect-square" />
      <span className="mt-2 block h-4 w-full rounded bg-canvas" />
      <span className="mt-1 block h-4 w-2/3 rounded bg-canvas" />
      <span className="mt-1.5 block h-3 w-10 rounded bg-canvas" />
      <span className="mt-1.5 flex flex-col gap-1.5 md:mt-2.5 md:flex-row md:items-center md:justify-between">
        <span className="block h-4 w-12 rounded bg-canvas" />
        <span className="block h-11 w-full rounded-lg bg-canvas md:w-[4.5rem]" />
      </span>
    </div>
  );
}
