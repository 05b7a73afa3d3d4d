import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SearchResultsSkeleton } from "@/components/catalog/search-results-skeleton";
import { CategoryRowSkeleton } from "@/components/home/category-row";

// Spec §9: what a shopper sees while a screen streams in: 6 cards per home row, 10 on search. (The 12 category tiles
// are in the home page's first paint since issue 19: there is no moment to show their skeletons.)
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe("loading skeletons (spec §9)", () => {
  it("shows 6 product placeholders per home row", () => {
    expect(count(renderToStaticMarkup(<CategoryRowSkeleton />), "product-card-skeleton")).toBe(6);
  });

  it("shows 10 product placeholders on search, under the heading of the term", () => {
    const html = renderToStaticMarkup(<SearchResultsSkeleton term="milk" />);
    expect(count(html, "product-card-skeleton")).toBe(10);
    expect(html).toContain("Showing results for “milk”");
  });
});
