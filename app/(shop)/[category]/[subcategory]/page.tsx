import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { ListingProducts } from "@/app/(shop)/_catalog/listing-products";
import { shopperStore } from "@/lib/stores/current";
import { resolveListing } from "@/components/catalog/listing-data";
import { absoluteUrl } from "@/components/catalog/site-url";
import { PendingListing } from "@/components/catalog/results-pending";
import { readSort, sortQuery } from "@/components/catalog/sort-options";
import { SortSelect } from "@/components/catalog/sort-select";
import { SubCategoryNav } from "@/components/catalog/subcategory-nav";
import { listSubCategoriesOfCategory } from "@/lib/catalog/cache";
import { LISTING_PAGE_SIZE } from "@/lib/catalog/params";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ category: string; subcategory: string }>;
  searchParams: Promise<{ sort?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category, subcategory } = await params;
  const target = await resolveListing(category, subcategory);
  if (target.kind === "missing") return { title: "Page not found", robots: { index: false } };

  const { category: cat, subCategory: sub } = target;
  const title = `${sub.name} – ${cat.name}`;
  const description = `Buy ${sub.name} online from ${cat.name} at Kwikmart: the best prices and offers, delivered to your door in 10 minutes.`;
  const url = absoluteUrl(target.path);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      title,
      description,
      url,
      siteName: "Kwikmart",
      type: "website",
      images: sub.image
        ? [{ url: absoluteUrl(sub.image), width: 400, height: 400, alt: sub.name }]
        : undefined,
    },
  };
}

/** Sub-category listing: /{categoryName-slug}-{categoryId}/{subCategoryName-slug}-{subCategoryId}. */
export default async function ListingPage({ params, searchParams }: Props) {
  const [{ category, subcategory }, query] = await Promise.all([params, searchParams]);
  const target = await resolveListing(category, subcategory);
  if (target.kind === "missing") notFound();
  const sort = readSort(query.sort);
  if (!target.canonicalSlugs) permanentRedirect(`${target.path}${sortQuery(sort)}`);

  const { category: cat, subCategory: sub } = target;
  const [subCategories, { storeId }] = await Promise.all([
    listSubCategoriesOfCategory(cat.id),
    shopperStore(),
  ]);

  return (
    <div className="mx-auto flex w-full max-w-7xl md:px-4">
      {/* under the sticky header: 113 px on a phone (components/header/site-header.tsx), 80 px from 768 px */}
      <aside className="sticky top-[113px] h-[calc(100dvh-113px)] w-[4.75rem] shrink-0 overflow-y-auto overscroll-contain border-r border-line bg-white pb-24 [scrollbar-width:thin] md:top-20 md:h-[calc(100dvh-5rem)] md:w-56 md:pb-4 lg:w-64">
        <SubCategoryNav category={cat} subCategories={subCategories} activeId={sub.id} />
      </aside>
      <section aria-labelledby="listing-title" className="min-w-0 flex-1 bg-canvas">
        {/* The title wraps rather than truncating; the sort is a compact control beside it (issue 21 item 9). */}
        <div className="flex items-center justify-between gap-2 border-b border-line bg-white px-3 py-1.5 md:gap-3 md:px-5 md:py-3">
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted">{cat.name}</p>
            <h1
              id="listing-title"
              className="text-base leading-tight font-bold tracking-tight text-ink md:text-xl"
            >
              {sub.name}
            </h1>
          </div>
          <SortSelect value={sort} />
        </div>
        <div className="p-2.5 md:p-4">
          {/* In the page's own HTML, not streamed: the first pictures paint with the page (results-transition.tsx). */}
          <PendingListing count={LISTING_PAGE_SIZE}>
            <ListingProducts
              key={`${storeId}\n${sort}`}
              storeId={storeId}
              categoryId={cat.id}
              subCategoryId={sub.id}
              sort={sort}
            />
          </PendingListing>
        </div>
      </section>
    </div>
  );
}
