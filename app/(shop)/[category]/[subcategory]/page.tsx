import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageSection } from "@/components/layout/page-section";
import { idFromSlug } from "@/lib/slug";

export const metadata: Metadata = { title: "Products" };

/** Sub-category listing: /{categoryName-slug}-{categoryId}/{subCategoryName-slug}-{subCategoryId}. */
export default async function ListingPage({
  params,
}: {
  params: Promise<{ category: string; subcategory: string }>;
}) {
  const { category, subcategory } = await params;
  const categoryId = idFromSlug(category);
  const subCategoryId = idFromSlug(subcategory);
  if (!categoryId || !subCategoryId) notFound();

  return (
    <PageSection title="Products" lead="Products of this sub-category.">
      <dl className="grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Category id</dt>
        <dd className="font-mono">{categoryId}</dd>
        <dt className="text-muted">Sub-category id</dt>
        <dd className="font-mono">{subCategoryId}</dd>
      </dl>
    </PageSection>
  );
}
