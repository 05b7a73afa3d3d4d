import type { Metadata } from "next";
import { Suspense } from "react";
import { BuyAgainIsland } from "@/components/home/buy-again-island";
import { HeroBanner } from "@/components/home/hero-banner";
import {
  HomeCategoryGrid,
  HomeCategoryRows,
  HomeCategoryRowsSkeleton,
} from "@/components/home/home-sections";
import { loadBuyAgainRow } from "@/components/home/load-home-rows";
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
 * The banner, the partner card and a signed-in shopper's "Buy again" row (`between`, asked for by the browser: the
 * page is the same cached HTML for everyone) follow the first category rows.
 */
async function ShopperCategoryRows({ between }: { between: React.ReactNode }) {
  const { storeId } = await shopperStore();
  return <HomeCategoryRows storeId={storeId} between={between} />;
}

/**
 * Phone first (issue 21 item 1): under the header come the category tiles (two rows of four fill a phone's first
 * screen; one row from 768 px), then the product rows; the banner and the delivery-partner card follow the first rows.
 */
export default function HomePage() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-3 md:gap-8 md:py-5">
      <h1 className="sr-only">Kwikmart: groceries delivered in 10 minutes</h1>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-2 text-lg font-bold tracking-tight md:mb-3 md:text-xl">
          Shop by category
        </h2>
        <HomeCategoryGrid />
      </section>
      <Suspense fallback={<HomeCategoryRowsSkeleton />}>
        <ShopperCategoryRows
          between={
            <>
              <HeroBanner />
              <PartnerCta />
              <BuyAgainIsland load={loadBuyAgainRow} />
            </>
          }
        />
      </Suspense>
    </div>
  );
}
