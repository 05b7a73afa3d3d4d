import { SEARCH_PAGE_SIZE, type ProductSort } from "@/lib/catalog/params";
import { cachedSearchOrUnavailable } from "@/lib/catalog/search-cache";
import { UNAVAILABLE_MESSAGE } from "@/lib/errors";
import { toCardPage } from "@/components/catalog/product-pages";
import { SearchMessage, SearchSuggestions } from "@/components/catalog/search-suggestions";
import { SortSelect } from "@/components/catalog/sort-select";
import { RestProductGrid } from "./rest-product-grid";

/** A store's search results for a non-empty term: page 1 from the server, then infinite scroll through the REST search. */
export async function SearchResults({
  storeId,
  term,
  sort,
}: {
  storeId: string;
  term: string;
  sort: ProductSort;
}) {
  const first = await cachedSearchOrUnavailable({ storeId, q: term, page: 1, limit: SEARCH_PAGE_SIZE, sort });
  // the database is down or restarting: say so in the page (as the REST search answers 503), not the error page
  if (!first) return <SearchMessage title="Search is briefly unavailable" text={UNAVAILABLE_MESSAGE} />;

  if (first.totalCount === 0) {
    return (
      <SearchMessage
        title={`No results for “${term}”`}
        text="Check the spelling or try a more general word. These are popular right now:"
      >
        <div className="mx-auto w-full max-w-2xl">
          <SearchSuggestions title="Try searching for" />
        </div>
      </SearchMessage>
    );
  }

  return (
    <div className="flex flex-col gap-3 md:gap-4">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-base leading-tight font-bold tracking-tight text-ink md:text-xl">
            Showing results for “{term}”
          </h1>
          <p data-testid="result-count" className="text-sm text-muted">
            {first.totalCount} {first.totalCount === 1 ? "product" : "products"}
          </p>
        </div>
        <SortSelect value={sort} keep={{ q: term }} />
      </div>
      <RestProductGrid
        queryKey={["search", storeId, term, sort]}
        source="search"
        body={{ storeId, search: term, sort }}
        pageSize={SEARCH_PAGE_SIZE}
        initialPage={toCardPage(first)}
        layout="search"
      />
    </div>
  );
}
