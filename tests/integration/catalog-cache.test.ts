import { beforeEach, describe, expect, it, vi } from "vitest";

// The page cache: which tags each cached read carries and which an admin change expires. next/cache needs a
// Next request to run, so it is replaced here by a recorder that still calls through to the database.

const calls = vi.hoisted(() => ({
  cached: [] as { keyParts: string[]; tags: string[]; revalidate: number | false | undefined }[],
  revalidated: [] as { tag: string; profile: unknown }[],
  outsideScope: false,
}));

vi.mock("next/cache", () => ({
  unstable_cache: <A extends unknown[], R>(
    fn: (...args: A) => Promise<R>,
    keyParts: string[] = [],
    options: { tags?: string[]; revalidate?: number | false } = {},
  ) => {
    return (...args: A) => {
      calls.cached.push({ keyParts, tags: options.tags ?? [], revalidate: options.revalidate });
      return fn(...args);
    };
  },
  revalidateTag: (tag: string, profile: unknown) => {
    if (calls.outsideScope)
      throw new Error(`Invariant: static generation store missing in revalidateTag("${tag}")`);
    calls.revalidated.push({ tag, profile });
  },
}));

const cache = await import("@/lib/catalog/cache");
const { prisma } = await import("@/lib/db");

beforeEach(() => {
  calls.cached.length = 0;
  calls.revalidated.length = 0;
  calls.outsideScope = false;
});

describe("cached reads", () => {
  it("tag every read with catalog and its kind, product reads with their store, a product page also with product:<id>", async () => {
    const category = await prisma.category.create({
      data: { name: "Cache Test", nameKey: `cache test ${Date.now()}`, image: "/c.webp" },
    });
    const product = await prisma.product.create({
      data: {
        name: "Cache Test Product",
        images: [],
        unit: "1 pc",
        stock: 1,
        pricePaise: 1000,
        description: "d",
        categories: { create: [{ categoryId: category.id }] },
      },
    });

    await cache.listCategories();
    await cache.getCategory(category.id);
    await cache.listSubCategories();
    await cache.listSubCategoriesOfCategory(category.id);
    await cache.getSubCategory("none");
    expect(await cache.listProductsByCategory("main", category.id)).toHaveLength(1);
    await cache
      .listProductsBySubCategory({ storeId: "main", categoryId: category.id, subCategoryId: "none" })
      .catch(() => undefined);
    const detail = await cache.getProductDetails(product.id, "main");
    expect(detail).toMatchObject({ id: product.id, pricePaise: 1000, stock: 1 }); // the page cache holds the domain product (₹10)

    const tagsOf = (key: string) => calls.cached.find((c) => c.keyParts[0] === key)?.tags;
    expect(tagsOf("catalog:categories")).toEqual(["catalog", "categories"]);
    expect(tagsOf("catalog:category")).toEqual(["catalog", "categories"]);
    expect(tagsOf("catalog:subcategories")).toEqual(["catalog", "subcategories"]);
    expect(tagsOf("catalog:subcategories-of-category")).toEqual(["catalog", "subcategories"]);
    expect(tagsOf("catalog:subcategory")).toEqual(["catalog", "subcategories"]);
    expect(tagsOf("catalog:products-by-category")).toEqual(["catalog", "products", "store:main"]);
    expect(tagsOf("catalog:products-by-subcategory")).toEqual(["catalog", "products", "store:main"]);
    const productEntry = calls.cached.find((c) => c.keyParts[0] === "catalog:product");
    expect(productEntry).toMatchObject({ keyParts: ["catalog:product", product.id, "main"] });
    expect(productEntry?.tags).toEqual([
      "catalog",
      "products",
      "store:main",
      `product:${product.id}`,
      `product:${product.id}@main`,
    ]);
    // the store is part of every product entry's key: another store's read is another entry
    await cache.listProductsByCategory("koramangala", category.id);
    const keys = calls.cached
      .filter((c) => c.keyParts[0] === "catalog:products-by-category")
      .map((c) => c.keyParts);
    expect(keys).toEqual([
      ["catalog:products-by-category", "main", category.id],
      ["catalog:products-by-category", "koramangala", category.id],
    ]);
    const listing = calls.cached.find((c) => c.keyParts[0] === "catalog:products-by-subcategory");
    expect(listing?.keyParts[1]).toContain('"storeId":"main"');
    // every entry also expires by time, as a backstop for changes nobody announces
    expect(calls.cached.every((c) => typeof c.revalidate === "number" && c.revalidate > 0)).toBe(true);
  });

  it("return plain JSON-safe data (the cache stores JSON)", async () => {
    const rows = await cache.listSubCategories();
    expect(JSON.parse(JSON.stringify(rows))).toEqual(rows);
  });
});

describe("invalidateCatalog", () => {
  const expired = () => calls.revalidated.map((r) => r.tag);

  it("expires at once ({ expire: 0 }) so the next request reads the database", () => {
    cache.invalidateCatalog("product", "p1");
    expect(calls.revalidated.every((r) => JSON.stringify(r.profile) === JSON.stringify({ expire: 0 }))).toBe(
      true,
    );
  });

  it("picks the tags by what changed", () => {
    cache.invalidateCatalog("category", "c1");
    expect(expired()).toEqual(["catalog"]);
    calls.revalidated.length = 0;
    cache.invalidateCatalog("subcategory");
    expect(expired()).toEqual(["subcategories", "products"]);
    calls.revalidated.length = 0;
    cache.invalidateCatalog("product", ["p1", "p2"]);
    expect(expired()).toEqual(["products", "product:p1", "product:p2"]);
    calls.revalidated.length = 0;
    cache.invalidateCatalog("product");
    expect(expired()).toEqual(["products"]);
    calls.revalidated.length = 0;
    cache.invalidateCatalog("stock", "p9");
    expect(expired()).toEqual(["product:p9"]);
    calls.revalidated.length = 0;
    cache.invalidateCatalog("all");
    expect(expired()).toEqual(["catalog"]);
  });

  it("expires one store's entries on a change of its stock, never another store's", () => {
    cache.invalidateStoreStock("koramangala", ["p1", "p2"]);
    expect(expired()).toEqual(["product:p1@koramangala", "product:p2@koramangala"]);
    calls.revalidated.length = 0;
    cache.invalidateStoreStock("koramangala");
    expect(expired()).toEqual(["store:koramangala"]);
  });

  it("outside a Next request (a job, another instance's announcement) hands the tags to the cache handler's hook", () => {
    calls.outsideScope = true;
    const hook = Symbol.for("kwikmart.cache.expireTags");
    const expired: string[][] = [];
    const registry = globalThis as Record<symbol, unknown>;
    try {
      delete registry[hook]; // no cache handler (a script, the seed): nothing to expire, and no throw
      expect(() => cache.invalidateCatalog("product", "p1")).not.toThrow();
      registry[hook] = async (tags: string[]) => void expired.push(tags);
      cache.invalidateStoreStock("store-a", ["p2"]);
      cache.applyCacheChange({ tags: ["products", "product:p3"], searchStore: null });
      expect(expired).toEqual([["product:p2@store-a"], ["products", "product:p3"]]);
    } finally {
      delete registry[hook];
    }
  });
});
