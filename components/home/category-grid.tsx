import Link from "next/link";

export type CategoryTile = { id: string; name: string; image: string };

/**
 * Home category icon grid. Tiles link to a search for the category's name until the catalogue
 * issue points them at listings. Fixed square image boxes keep the layout from shifting.
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
    <ul className="grid grid-cols-4 gap-x-3 gap-y-5 sm:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10">
      {categories.map((c) => (
        <li key={c.id}>
          <Link
            href={`/search?q=${encodeURIComponent(c.name)}`}
            className="group flex flex-col items-center gap-2"
          >
            <span className="block aspect-square w-full overflow-hidden rounded-2xl border border-line bg-brand-50 transition-shadow group-hover:shadow-md">
              {/* eslint-disable-next-line @next/next/no-img-element -- catalogue images are pre-sized square WebP cards from /media */}
              <img
                src={c.image}
                alt={c.name}
                width={256}
                height={256}
                loading="lazy"
                decoding="async"
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
