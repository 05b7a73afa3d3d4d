import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";

export const metadata: Metadata = { title: "Search" };

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { q } = await searchParams;
  const term = (Array.isArray(q) ? q[0] : q)?.trim() ?? "";

  return (
    <PageSection
      title={term ? `Results for “${term}”` : "Search"}
      lead={term ? "Matching products appear here." : "Type in the search bar to find groceries."}
    />
  );
}
