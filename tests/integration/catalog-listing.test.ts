import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as categoriesRoute } from "@/app/api/category/get/route";
import { POST as productListRoute } from "@/app/api/product/get/route";
import { POST as byCategoryRoute } from "@/app/api/product/get-product-by-category/route";
import { POST as byCategoryAndSubAlias } from "@/app/api/product/get-product-by-category-and-subcategory/route";
import { POST as detailsRoute } from "@/app/api/product/get-product-details/route";
import { POST as byCategoryAndSub } from "@/app/api/product/get-pruduct-by-category-and-subcategory/route";
import { POST as searchRoute } from "@/app/api/product/search-product/route";
import { GET as subCategoriesGet, POST as subCategoriesRoute } from "@/app/api/subcategory/get/route";
import { POST as registerPartnerRoute } from "@/app/api/delivery-partner/register/route";
import {
  getCategory,
  getProductDetails,
  getSubCategory,
  listCategoriesForApi,
  listProducts,
  listProductsByCategory,
  listProductsBySubCategory,
  listSubCategories,
  listSubCategoriesOfCategory,
} from "@/app/api/_rest/catalog-calls";
import { prisma } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { discountedPrice } from "@/lib/money";

// Catalogue reads (categories, sub-categories, listings, product details, the admin list) and their REST
// handlers, against a real PostgreSQL shared with other test files: fixtures carry a random nonce.

const letters = (n: number) => Array.from({ length: n }, () => "bcdfghjklmnpqrstvwxz"[randomInt(20)]).join("");
const NONCE = letters(8);
/** The default store: products created with a `stock` have that stock there (the Product.stock mirror). */
const MAIN = "main";

type Handler = (request: Request, context: never) => Promise<Response>;

async function call(handler: Handler, body?: unknown, options: { raw?: string; method?: string; url?: string } = {}) {
  const request = new Request(options.url ?? "http://localhost/api/test", {
    method: options.method ?? "POST",
    headers: { "content-type": "application/json" },
    body: options.method === "GET" ? undefined : (options.raw ?? (body === undefined ? undefined : JSON.stringify(body))),
  });
  const response = await handler(request, undefined as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function notFound(promise: Promise<unknown>, message: string) {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error) && error.code === "NOT_FOUND" && error.message === message, String(error)).toBe(true);
}

let dairy = { id: "", name: "" };
let bakery = { id: "", name: "" };
let empty = { id: "", name: "" };
let milk = { id: "", name: "" };
let curd = { id: "", name: "" };
let bread = { id: "", name: "" };
let priced = { id: "" };
let hidden = { id: "" };

async function category(name: string) {
  return prisma.category.create({ data: { name, nameKey: name.toLowerCase(), image: `/c/${name}.webp` }, select: { id: true, name: true } });
}
async function subCategory(name: string, categoryIds: string[]) {
  return prisma.subCategory.create({
    data: { name, image: `/s/${name}.webp`, categories: { create: categoryIds.map((categoryId) => ({ categoryId })) } },
    select: { id: true, name: true },
  });
}
async function product(
  name: string,
  links: { categories: string[]; subCategories: string[] },
  opts: { price?: number; discount?: number; stock?: number; published?: boolean; createdAt?: Date } = {},
) {
  return prisma.product.create({
    data: {
      name,
      images: [`/media/${NONCE}/1.webp`, `/media/${NONCE}/2.webp`],
      unit: "500 ml",
      stock: opts.stock ?? 10,
      pricePaise: Math.round((opts.price ?? 40) * 100),
      discount: opts.discount ?? 0,
      description: `About ${name}.`,
      moreDetails: { "Shelf life": "2 days", Origin: "Anand" },
      published: opts.published ?? true,
      createdAt: opts.createdAt,
      categories: { create: links.categories.map((categoryId) => ({ categoryId })) },
      subCategories: { create: links.subCategories.map((subCategoryId) => ({ subCategoryId })) },
    },
    select: { id: true },
  });
}

beforeAll(async () => {
  dairy = await category(`Dairy ${NONCE}`);
  bakery = await category(`bakery ${NONCE}`); // lower-case on purpose: sorting ignores case
  empty = await category(`Empty ${NONCE}`);
  milk = await subCategory(`Milk ${NONCE}`, [dairy.id]);
  curd = await subCategory(`curd ${NONCE}`, [dairy.id]);
  bread = await subCategory(`Bread ${NONCE}`, [bakery.id, dairy.id]);

  const inMilk = { categories: [dairy.id], subCategories: [milk.id] };
  // 19 published milk products: 3 out of stock; names out of order on purpose
  for (let i = 1; i <= 16; i++) {
    await product(`Milk ${String(20 - i).padStart(2, "0")} ${NONCE}`, inMilk, { price: 20 + i, discount: i % 4 === 0 ? 25 : 0 });
  }
  await product(`Aaa Sold Out Milk ${NONCE}`, inMilk, { stock: 0, price: 10 });
  await product(`Aab Sold Out Milk ${NONCE}`, inMilk, { stock: 0, price: 11 });
  await product(`Aac Sold Out Milk ${NONCE}`, inMilk, { stock: 0, price: 12, discount: 90 });
  hidden = await product(`Hidden Milk ${NONCE}`, inMilk, { published: false, price: 1 });
  priced = await product(`Priced Paneer ${NONCE}`, { categories: [dairy.id], subCategories: [curd.id, bread.id] }, { price: 99, discount: 10 });
  // in the bread sub-category but under bakery only: not part of the dairy/bread listing
  await product(`Bakery Loaf ${NONCE}`, { categories: [bakery.id], subCategories: [bread.id] });
});

describe("categories and sub-categories", () => {
  it("lists categories for the API as {_id, name, image}", async () => {
    const list = await listCategoriesForApi();
    const ours = list.filter((c) => c.name.endsWith(NONCE));
    expect(ours.map((c) => c.name).sort()).toEqual([bakery.name, dairy.name, empty.name].sort());
    expect(ours[0]).toEqual({ _id: expect.any(String), name: expect.any(String), image: expect.stringMatching(/^\/c\//) });
    const res = await call(categoriesRoute as Handler, undefined, { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false });
    expect((res.body.data as { _id: string }[]).some((c) => c._id === dairy.id)).toBe(true);
  });

  it("lists sub-categories sorted by name whatever the case, with their categories", async () => {
    const all = await listSubCategories();
    const ours = all.filter((s) => s.name.endsWith(NONCE));
    expect(ours.map((s) => s.name)).toEqual([bread.name, curd.name, milk.name]);
    expect(ours[0]).toEqual({
      _id: bread.id,
      name: bread.name,
      image: `/s/${bread.name}.webp`,
      category: [
        { _id: bakery.id, name: bakery.name },
        { _id: dairy.id, name: dairy.name },
      ],
    });
    const lowered = all.map((s) => s.name.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
  });

  it("lists one category's sub-categories", async () => {
    expect((await listSubCategoriesOfCategory(dairy.id)).map((s) => s.name)).toEqual([bread.name, curd.name, milk.name]);
    expect((await listSubCategoriesOfCategory(bakery.id)).map((s) => s.name)).toEqual([bread.name]);
    expect(await listSubCategoriesOfCategory("nope")).toEqual([]);
  });

  it("reads one category and one sub-category, null when missing", async () => {
    expect(await getCategory(dairy.id)).toEqual({ _id: dairy.id, name: dairy.name, image: `/c/${dairy.name}.webp` });
    expect(await getCategory("missing")).toBeNull();
    expect(await getSubCategory(curd.id)).toMatchObject({ _id: curd.id, category: [{ _id: dairy.id, name: dairy.name }] });
    expect(await getSubCategory("missing")).toBeNull();
  });

  it("serves POST and GET /api/subcategory/get, optionally for one category", async () => {
    const post = await call(subCategoriesRoute as Handler, {});
    expect(post.status).toBe(200);
    expect((post.body.data as { _id: string }[]).some((s) => s._id === milk.id)).toBe(true);
    const empty = await call(subCategoriesRoute as Handler, undefined, { raw: "" });
    expect(empty.status).toBe(200);
    const narrowed = await call(subCategoriesRoute as Handler, { categoryId: bakery.id });
    expect((narrowed.body.data as { _id: string }[]).map((s) => s._id)).toEqual([bread.id]);
    const get = await call(subCategoriesGet as Handler, undefined, {
      method: "GET",
      url: `http://localhost/api/subcategory/get?categoryId=${bakery.id}`,
    });
    expect(get.status).toBe(200);
    expect((get.body.data as { _id: string }[]).map((s) => s._id)).toEqual([bread.id]);
    const badGet = await call(subCategoriesGet as Handler, undefined, {
      method: "GET",
      url: "http://localhost/api/subcategory/get?categoryId=a-b",
    });
    expect(badGet.status).toBe(400);
  });
});

describe("product details", () => {
  it("serves prices in rupees with the discount as a percent; the client applies lib/money", async () => {
    const p = await getProductDetails(priced.id, MAIN);
    expect(p).toEqual({
      _id: priced.id,
      name: `Priced Paneer ${NONCE}`,
      image: [`/media/${NONCE}/1.webp`, `/media/${NONCE}/2.webp`],
      category: [{ _id: dairy.id, name: dairy.name }],
      subCategory: [
        { _id: bread.id, name: bread.name },
        { _id: curd.id, name: curd.name },
      ],
      unit: "500 ml",
      stock: 10,
      price: 99,
      discount: 10,
      description: `About Priced Paneer ${NONCE}.`,
      more_details: { "Shelf life": "2 days", Origin: "Anand" },
      publish: true,
    });
    expect(discountedPrice(p.price, p.discount)).toBe(89);
  });

  it("answers 404 for a missing or unpublished product", async () => {
    await notFound(getProductDetails(hidden.id, MAIN), "Product not found");
    await notFound(getProductDetails("nothing_here", MAIN), "Product not found");
    const res = await call(detailsRoute as Handler, { productId: hidden.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: true, message: "Product not found" });
  });

  it("serves POST /api/product/get-product-details", async () => {
    const res = await call(detailsRoute as Handler, { productId: priced.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false, data: { _id: priced.id, price: 99, discount: 10 } });
  });
});

describe("sub-category listing", () => {
  const input = () => ({ categoryId: dairy.id, subCategoryId: milk.id });

  it("pages 8 at a time: in stock first, then by name, the total on every page", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listProductsBySubCategory({ storeId: MAIN, ...input(), page })));
    expect(pages.map((p) => [p.data.length, p.totalCount, p.page, p.limit])).toEqual([
      [8, 19, 1, 8],
      [8, 19, 2, 8],
      [3, 19, 3, 8],
    ]);
    const listed = pages.flatMap((p) => p.data.map((d) => d.name));
    const inStock = Array.from({ length: 16 }, (_, i) => `Milk ${String(i + 4).padStart(2, "0")} ${NONCE}`);
    const soldOut = ["Aaa", "Aab", "Aac"].map((a) => `${a} Sold Out Milk ${NONCE}`);
    expect(listed).toEqual([...inStock, ...soldOut]);
    expect(listed).not.toContain(`Hidden Milk ${NONCE}`);
    expect(Object.keys(pages[0]!.data[0]!).sort()).toEqual(["_id", "discount", "image", "name", "price", "stock", "unit"]);
    const beyond = await listProductsBySubCategory({ storeId: MAIN, ...input(), page: 4 });
    expect(beyond).toEqual({ data: [], totalCount: 19, page: 4, limit: 8 });
  });

  it("sorts by discounted price both ways and by discount", async () => {
    const all = async (sort: "price_asc" | "price_desc" | "discount") =>
      (await listProductsBySubCategory({ storeId: MAIN, ...input(), sort, limit: 100 })).data;
    const asc = await all("price_asc");
    const finals = asc.map((p) => discountedPrice(p.price, p.discount));
    expect(finals).toEqual([...finals].sort((a, b) => a - b));
    // 90 % off ₹12 is ₹1 (ceil of 10.8 off): cheapest, although its list price is not
    expect(asc[0]?.name).toBe(`Aac Sold Out Milk ${NONCE}`);
    const desc = (await all("price_desc")).map((p) => discountedPrice(p.price, p.discount));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const byDiscount = await all("discount");
    expect(byDiscount.map((p) => p.discount)).toEqual([90, 25, 25, 25, 25, ...Array(14).fill(0)]);
    // equal discounts keep the listing's order: in stock first, then name
    expect(byDiscount.slice(1, 5).map((p) => p.name)).toEqual(
      [4, 8, 12, 16].map((i) => `Milk ${String(20 - i).padStart(2, "0")} ${NONCE}`).sort(),
    );
  });

  it("lists only products in both the category and the sub-category", async () => {
    const page = await listProductsBySubCategory({ storeId: MAIN, categoryId: dairy.id, subCategoryId: bread.id });
    expect(page.data.map((p) => p.name)).toEqual([`Priced Paneer ${NONCE}`]);
    const bakeryPage = await listProductsBySubCategory({ storeId: MAIN, categoryId: bakery.id, subCategoryId: bread.id });
    expect(bakeryPage.data.map((p) => p.name)).toEqual([`Bakery Loaf ${NONCE}`]);
  });

  it("answers 404 for an unknown category or sub-category, an empty page for an empty pair", async () => {
    await notFound(listProductsBySubCategory({ storeId: MAIN, categoryId: "nope", subCategoryId: milk.id }), "Category not found");
    await notFound(listProductsBySubCategory({ storeId: MAIN, categoryId: dairy.id, subCategoryId: "nope" }), "Sub-category not found");
    expect(await listProductsBySubCategory({ storeId: MAIN, categoryId: empty.id, subCategoryId: milk.id })).toEqual({
      data: [],
      totalCount: 0,
      page: 1,
      limit: 8,
    });
  });

  it("serves the misspelt path and its alias with one handler: full products, page and limit", async () => {
    for (const handler of [byCategoryAndSub, byCategoryAndSubAlias]) {
      const res = await call(handler as Handler, { ...input(), page: 3 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: false, totalCount: 19, page: 3, limit: 8 });
      const data = res.body.data as { category: unknown; subCategory: unknown; name: string }[];
      expect(data).toHaveLength(3);
      expect(data[0]).toMatchObject({ category: [{ _id: dairy.id }], subCategory: [{ _id: milk.id }] });
    }
    const sorted = await call(byCategoryAndSub as Handler, { ...input(), limit: 1, sort: "price_desc" });
    // the dearest after discount: Milk 05 at ₹35 (Milk 04 lists at ₹36 but sells at ₹27)
    expect((sorted.body.data as { name: string }[])[0]?.name).toBe(`Milk 05 ${NONCE}`);
    const missing = await call(byCategoryAndSub as Handler, { categoryId: dairy.id, subCategoryId: "unknown" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Sub-category not found");
  });
});

describe("home rows: products of a category", () => {
  it("gives up to 15 cards: in stock first, best discount first", async () => {
    const row = await listProductsByCategory(MAIN, dairy.id);
    expect(row).toHaveLength(15);
    expect(row.slice(0, 4).every((p) => p.discount === 25 && p.stock > 0)).toBe(true);
    expect(row.map((p) => p.name)).not.toContain(`Hidden Milk ${NONCE}`);
    expect(row.every((p) => p.stock > 0)).toBe(true);
  });

  it("gives [] for a category without products and 404 for an unknown one", async () => {
    expect(await listProductsByCategory(MAIN, empty.id)).toEqual([]);
    await notFound(listProductsByCategory(MAIN, "nope"), "Category not found");
  });

  it("serves POST /api/product/get-product-by-category", async () => {
    const res = await call(byCategoryRoute as Handler, { id: bakery.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject([{ name: `Bakery Loaf ${NONCE}`, category: [{ _id: bakery.id }] }]);
    expect((await call(byCategoryRoute as Handler, { id: "unknown" })).status).toBe(404);
  });
});

describe("admin product list", () => {
  it("pages the newest first, 12 a page by default, with totalNoPage", async () => {
    const page = await listProducts({ storeId: MAIN });
    expect(page.data.length).toBeLessThanOrEqual(12);
    expect(page.totalNoPage).toBe(Math.ceil(page.totalCount / 12));
    expect(page.totalCount).toBe(await prisma.product.count({ where: { published: true } }));
    const res = await call(productListRoute as Handler, { page: 1, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, totalCount: page.totalCount, totalNoPage: Math.ceil(page.totalCount / 5) });
    expect((res.body.data as unknown[]).length).toBe(5);
  });

  it("searches by name, typos included", async () => {
    const page = await listProducts({ storeId: MAIN, search: `${NONCE} sold`, limit: 3 });
    expect(page.data.map((p) => p.name)).toEqual(["Aaa", "Aab", "Aac"].map((a) => `${a} Sold Out Milk ${NONCE}`));
    expect(page.data[0]).toMatchObject({ category: [{ _id: dairy.id }], more_details: { Origin: "Anand" } });
    const typo = await listProducts({ storeId: MAIN, search: `${NONCE} panner` });
    expect(typo.data[0]?.name).toBe(`Priced Paneer ${NONCE}`);
  });
});

describe("bad input never reaches the database as a 500", () => {
  const valid = () => ({
    product: { page: 1, limit: 12, search: "" },
    byCategory: { id: dairy.id },
    listing: { categoryId: dairy.id, subCategoryId: milk.id, page: 1, limit: 8 },
    details: { productId: priced.id },
    sub: {},
    search: { search: "milk" },
  });
  const handlers = (): [string, Handler, Record<string, unknown>][] => [
    ["product/get", productListRoute as Handler, valid().product],
    ["get-product-by-category", byCategoryRoute as Handler, valid().byCategory],
    ["get-pruduct-by-category-and-subcategory", byCategoryAndSub as Handler, valid().listing],
    ["get-product-by-category-and-subcategory", byCategoryAndSubAlias as Handler, valid().listing],
    ["get-product-details", detailsRoute as Handler, valid().details],
    ["subcategory/get", subCategoriesRoute as Handler, valid().sub],
    ["search-product", searchRoute as Handler, valid().search],
    ["delivery-partner/register", registerPartnerRoute as Handler, { name: "x", phone: "x" }],
  ];
  const rawBodies = ["not json", "{", "[]", "[{}]", "null", "42", '"text"', "true"];

  it("answers 400 with the envelope for non-JSON and non-object bodies", async () => {
    for (const [name, handler] of handlers()) {
      for (const raw of rawBodies) {
        const res = await call(handler, undefined, { raw });
        expect(res.status, `${name} ${raw}`).toBe(400);
        expect(res.body).toMatchObject({ success: false, error: true });
        expect(typeof res.body.message).toBe("string");
      }
    }
  });

  it("answers 400 with fieldErrors for wrong types, bad paging, bad ids and huge strings", async () => {
    const huge = "x".repeat(10_240);
    const cases: [Handler, Record<string, unknown>][] = [];
    for (const [, handler, base] of handlers()) {
      if ("page" in base || handler === (searchRoute as Handler)) {
        for (const page of [0, -1, 1.5, "1", 10_001, 1e12, null, true, [1], { n: 1 }]) cases.push([handler, { ...base, page }]);
        for (const limit of [0, -5, 101, 1e9, "8", 2.5]) cases.push([handler, { ...base, limit }]);
      }
      for (const key of ["id", "categoryId", "subCategoryId", "productId"]) {
        if (key in base) {
          for (const id of ["", "a-b", "a b", "x".repeat(65), huge, 5, null, ["id"], { $ne: null }, "../etc"]) {
            cases.push([handler, { ...base, [key]: id }]);
          }
          const rest = { ...base };
          delete rest[key];
          cases.push([handler, rest]);
        }
      }
      if ("search" in base) for (const search of [huge, 7, ["milk"], { q: 1 }]) cases.push([handler, { ...base, search }]);
    }
    cases.push([byCategoryAndSub as Handler, { ...valid().listing, sort: "random" }]);
    for (const [handler, body] of cases) {
      const res = await call(handler, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.fieldErrors, JSON.stringify(body).slice(0, 80)).toBeTypeOf("object");
    }
  });

  it("accepts the same bodies when they are valid", async () => {
    for (const [name, handler, body] of handlers().slice(0, 7)) {
      const res = await call(handler, body);
      expect(res.status, name).toBe(200);
    }
  });
});
