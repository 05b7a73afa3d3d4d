import type { Metadata } from "next";
import { PendingSearch } from "@/components/catalog/results-pending";
import { SearchResults } from "@/app/(shop)/_catalog/search-results";
import { shopperStore } from "@/lib/stores/current";
import { SearchMessage, SearchSuggestions } from "@/components/catalog/search-suggestions";
import { absoluteUrl } from "@/components/catalog/site-url";
import { readSort } from "@/components/catalog/sort-options";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ q?: string | string[]; sort?: string | string[] }> };

/** decisions.md: the term is `q`, URL-decoded (Next decodes query values) and trimmed. */
const readTerm = (q: string | string[] | undefined) => ((Array.isArray(q) ? q[0] : q) ?? "").trim();

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const term = readTerm((await searchParams).q);
  const title = term ? `Search results for “${term}”` : "Search";
  const description = term
    ? `Buy ${term} online at Kwikmart: compare prices and offers, delivered in 10 minutes.`
    : "Search 5000+ groceries and everyday products at Kwikmart, delivered in 10 minutes.";
  const url = absoluteUrl(term ? `/search?q=${encodeURIComponent(term)}` : "/search");
  return {
    title,
    description,
    alternates: { canonical: url },
    // result pages change all the time and multiply without end: crawl them, do not index them
    robots: { index: false, follow: true },
    openGraph: { title, description, url, siteName: "Kwikmart", type: "website" },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const term = readTerm(params.q);
  const sort = readSort(params.sort);
  // the shopper's store (from the location cookie): its stock and "in stock first"
  const { storeId } = await shopperStore();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-3 md:py-6">
      {term ? (
        // In the page's own HTML, not streamed: the first pictures paint with the page (results-transition.tsx).
        <PendingSearch term={term}>
          <SearchResults key={`${storeId}\n${term}\n${sort}`} storeId={storeId} term={term} sort={sort} />
        </PendingSearch>
      ) : (
        <SearchMessage
          title="Search for groceries"
          text="Find milk, fruits, snacks and 5000+ other products."
        >
          <div className="mx-auto w-full max-w-2xl">
            <SearchSuggestions />
          </div>
        </SearchMessage>
      )}
    </div>
  );
}
