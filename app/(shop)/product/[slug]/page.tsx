import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageSection } from "@/components/layout/page-section";
import { idFromSlug } from "@/lib/slug";

export const metadata: Metadata = { title: "Product" };

/** Product detail: /product/{name-slug}-{productId}. */
export default async function ProductPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const productId = idFromSlug(slug);
  if (!productId) notFound();

  return (
    <PageSection title="Product" lead="Photos, price and details of this product.">
      <p className="text-sm">
        <span className="text-muted">Product id </span>
        <span className="font-mono">{productId}</span>
      </p>
    </PageSection>
  );
}
