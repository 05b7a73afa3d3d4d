import Link from "next/link";
import { CatalogImage } from "@/components/ui/catalog-image";

export type CategoryTile = { id: string; name: string; image: string; href: string };

const GRID = "grid grid-cols-4 gap-x-3 gap-y-5 sm:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10";

/**
 * Home category icon grid; each tile opens the category's first sub-category listing. Fixed square image boxes
 * keep the layout from shifting.
 */
export function CategoryGrid({ categories }: { categories: CategoryTile[] }) {
  if (categories.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-canvas px-4 py-10 text-center text-muted">
        No categories yet. Once an admin adds some, they show up here.
      </p>
    );
  }

  return (
    <ul data-testid="category-grid" className={GRID}>
      {categories.map((c, i) => (
        <li key={c.id}>
          <Link href={c.href} className="group flex flex-col items-center gap-2">
            <span className="block aspect-square w-full overflow-hidden rounded-2xl border border-line bg-brand-50 transition-shadow group-hover:shadow-md">
              <CatalogImage
                src={c.image}
                size={256}
                loading={i < 10 ? "eager" : "lazy"}
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </span>
            <span className="line-clamp-2 text-center text-xs leading-snug font-semibold text-ink md:text-sm">
              {c.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spec §9: 12 category skeletons while the categories load. */
export function CategoryGridSkeleton() {
  return (
    <ul role="status" aria-label="Loading categories" className={GRID}>
      {Array.from({ length: 12 }, (_, i) => (
        <li
          key={i}
          data-testid="category-skeleton"
          className="flex animate-pulse flex-col items-center gap-2"
        >
          <span className="block aspect-square w-full rounded-2xl bg-canvas" />
          <span className="block h-3.5 w-4/5 rounded bg-canvas" />
        </li>
      ))}
    </ul>
  );
}
