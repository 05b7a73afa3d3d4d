/** A card-shaped placeholder with the card's exact proportions, so content arriving shifts nothing. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="product-card-skeleton"
      className="flex h-full animate-pulse flex-col rounded-xl border border-line bg-white p-2.5 md:p-3"
    >
      <span className="block aspect-square rounded-lg bg-canvas" />
      <span className="mt-2.5 block h-4 w-12 rounded bg-canvas" />
      <span className="mt-1.5 block h-4 w-full rounded bg-canvas" />
      <span className="mt-1 block h-4 w-2/3 rounded bg-canvas" />
      <span className="mt-2 block h-3 w-10 rounded bg-canvas" />
      <span className="mt-2.5 flex items-center justify-between">
        <span className="block h-4 w-12 rounded bg-canvas" />
        <span className="block h-9 w-[4.25rem] rounded-lg bg-canvas" />
      </span>
    </div>
  );
}
