import type { Metadata } from "next";
import { Suspense } from "react";
import { BuyAgainRow } from "@/components/home/buy-again-row";
import { CategoryGridSkeleton } from "@/components/home/category-grid";
import { HeroBanner } from "@/components/home/hero-banner";
import {
  HomeCategoryGrid,
  HomeCategoryRows,
  HomeCategoryRowsSkeleton,
} from "@/components/home/home-sections";
import { PartnerCta } from "@/components/home/partner-cta";
import { env } from "@/lib/env";
import { shopperStore } from "@/lib/stores/current";

// Reads the database on every request (the reads themselves are cached by lib/catalog/cache).
export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  const url = new URL("/", env().APP_URL).toString();
  const title = "Kwikmart — groceries at your door in 10 minutes";
  const description =
    "Order milk, bread, fruits, vegetables, snacks and 5000+ everyday products online and get them delivered in 10 minutes.";
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url, siteName: "Kwikmart", type: "website", locale: "en_IN" },
  };
}

/**
 * The rows of the shopper's store (from the location cookie): its stock, in stock first; read under the Suspense.
 * A signed-in shopper's "Buy again" row comes first, in the same stream, so it never pushes drawn rows down.
 */
async function ShopperCategoryRows() {
  const { storeId } = await shopperStore();
  return (
    <div className="flex flex-col gap-8 md:gap-10">
      <BuyAgainRow storeId={storeId} />
      <HomeCategoryRows storeId={storeId} />
    </div>
  );
}

export default function HomePage() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-4 md:gap-10 md:py-6">
      <HeroBanner />
      <PartnerCta />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-4 text-xl font-bold tracking-tight md:text-2xl">
          Shop by category
        </h2>
        <Suspense fallback={<CategoryGridSkeleton />}>
          <HomeCategoryGrid />
        </Suspense>
      </section>
      <Suspense fallback={<HomeCategoryRowsSkeleton />}>
        <ShopperCategoryRows />
      </Suspense>
    </div>
  );
}
