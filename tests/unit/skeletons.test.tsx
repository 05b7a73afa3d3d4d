import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SearchResultsSkeleton } from "@/components/catalog/search-results-skeleton";
import { CategoryGridSkeleton } from "@/components/home/category-grid";
import { CategoryRowSkeleton } from "@/components/home/category-row";

// Spec §9: what a shopper sees while a screen streams in: 12 category tiles, 6 cards per home row, 10 on search.
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe("loading skeletons (spec §9)", () => {
  it("shows 12 category placeholders", () => {
    expect(count(renderToStaticMarkup(<CategoryGridSkeleton />), "category-skeleton")).toBe(12);
  });

  it("shows 6 product placeholders per home row", () => {
    expect(count(renderToStaticMarkup(<CategoryRowSkeleton />), "product-card-skeleton")).toBe(6);
  });

  it("shows 10 product placeholders on search, under the heading of the term", () => {
    const html = renderToStaticMarkup(<SearchResultsSkeleton term="milk" />);
    expect(count(html, "product-card-skeleton")).toBe(10);
    expect(html).toContain("Showing results for “milk”");
  });
});
