import { CategoryGrid } from "@/components/home/category-grid";
import { HeroBanner } from "@/components/home/hero-banner";
import { listCategories } from "@/lib/catalog/categories";

// Reads the database on every request (a static prerender would need the database at build time).
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const categories = await listCategories();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-4 md:gap-10 md:py-6">
      <HeroBanner />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-4 text-xl font-bold tracking-tight md:text-2xl">
          Shop by category
        </h2>
        <CategoryGrid categories={categories} />
      </section>
    </div>
  );
}
