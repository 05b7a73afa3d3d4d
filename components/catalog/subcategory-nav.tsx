import Link from "next/link";
import type { Category, SubCategory } from "@/lib/catalog/types";
import { listingPath } from "@/lib/slug";
import { CatalogImage } from "@/components/ui/catalog-image";

/**
 * The listing's left column: the category's sub-categories, the current one highlighted. On phones it is a
 * narrow rail of pictures with small names (like the big quick-commerce apps); from md up a wider list.
 */
export function SubCategoryNav({
  category,
  subCategories,
  activeId,
}: {
  category: Category;
  subCategories: SubCategory[];
  activeId: string;
}) {
  return (
    <nav aria-label={`${category.name} sub-categories`}>
      <ul className="flex flex-col">
        {subCategories.map((s) => {
          const active = s.id === activeId;
          return (
            <li key={s.id}>
              <Link
                href={listingPath(category, s)}
                aria-current={active ? "page" : undefined}
                scroll={false}
                className={`relative flex flex-col items-center gap-1 px-1 py-2.5 text-center transition-colors md:flex-row md:gap-3 md:px-3 md:text-left ${
                  active ? "bg-brand-50" : "hover:bg-canvas"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`absolute inset-y-0 right-0 w-1 rounded-l ${active ? "bg-brand-600" : "bg-transparent"}`}
                />
                <span
                  className={`block size-12 shrink-0 overflow-hidden rounded-xl md:size-11 ${
                    active ? "bg-white ring-1 ring-brand-200" : "bg-canvas"
                  }`}
                >
                  <CatalogImage src={s.image} size={96} className="size-full object-cover" />
                </span>
                <span
                  className={`line-clamp-3 text-xs leading-tight break-words md:text-sm ${
                    active ? "font-bold text-brand-800" : "font-medium text-ink"
                  }`}
                >
                  {s.name}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
