import Link from "next/link";
import { CatalogImage } from "@/components/ui/catalog-image";
import { RowScroller } from "./row-scroller";

export type CategoryTile = { id: string; name: string; image: string; href: string };

// On a phone a grid of four columns: its first two rows (8 tiles) fit the first screen under the header. From 768 px
// one row that scrolls sideways with the home rows' arrows, so the first product row is on the first screen too
// however many categories there are (issue 21 item 1).
const GRID =
  "grid w-full grid-cols-4 gap-x-3 gap-y-4 pt-1 md:flex md:w-max md:gap-x-4 md:[&>li]:w-24 lg:[&>li]:w-[6.5rem]";

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
    <RowScroller label="categories">
      <ul data-testid="category-grid" className={GRID}>
        {categories.map((c, i) => (
          <li key={c.id} className="shrink-0">
            <Link href={c.href} className="group flex flex-col items-center gap-1.5 rounded-2xl">
              <span className="block aspect-square w-full overflow-hidden rounded-2xl border border-line bg-brand-50 transition-shadow group-hover:shadow-md">
                <CatalogImage
                  src={c.image}
                  size={256}
                  loading={i < 10 ? "eager" : "lazy"}
                  // the first row is the phone's largest paint: fetched first (React also preloads it from the
                  // head), the rest of the first screen after it
                  fetchPriority={i < 4 ? "high" : "low"}
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
              </span>
              <span className="line-clamp-2 min-h-[2.75em] text-center text-xs leading-snug font-semibold text-ink md:text-sm">
                {c.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </RowScroller>
  );
}
