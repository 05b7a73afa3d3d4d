import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as addCategoryRoute } from "@/app/api/category/add-category/route";
import { DELETE as deleteCategoryRoute } from "@/app/api/category/delete/route";
import { PUT as updateCategoryRoute } from "@/app/api/category/update/route";
import { POST as createProductRoute } from "@/app/api/product/create/route";
import { DELETE as deleteProductRoute } from "@/app/api/product/delete-product/route";
import { POST as productDetailsRoute } from "@/app/api/product/get-product-details/route";
import { PUT as updateProductRoute } from "@/app/api/product/update-product-details/route";
import { POST as createSubCategoryRoute } from "@/app/api/subcategory/create/route";
import { DELETE as deleteSubCategoryRoute } from "@/app/api/subcategory/delete/route";
import { PUT as updateSubCategoryRoute } from "@/app/api/subcategory/update/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { call, uniqueEmail, type ApiResult } from "../fakes/accounts-api";

// Admin catalogue writes through the REST contract: who may call them, what they validate, and the rules that
// keep the shop consistent (unique category names, nothing deleted while in use, ordered products kept).

type Handler = Parameters<typeof call>[0];
let admin: string;
let shopper: string;

async function tokenFor(role: "ADMIN" | "USER") {
  const user = await prisma.user.create({
    data: { name: `${role} user`, email: uniqueEmail(role.toLowerCase()), passwordHash: "x", role },
  });
  return (await issueTokenPair(user)).accessToken;
}

beforeAll(async () => {
  admin = await tokenFor("ADMIN");
  shopper = await tokenFor("USER");
});

const IMG = "/media/catalog/1f95b-pouch-5e35b1-1.webp";
const unique = (tag: string) => `${tag} ${randomUUID().slice(0, 8)}`;

const as = (token: string | undefined) => ({
  post: (h: Handler, path: string, body: unknown) => call(h, "POST", path, body, { token }),
  put: (h: Handler, path: string, body: unknown) => call(h, "PUT", path, body, { token }),
  del: (h: Handler, path: string, body: unknown) => call(h, "DELETE", path, body, { token }),
});

async function makeCategory(name = unique("Cat")) {
  const res = await as(admin).post(addCategoryRoute, "/api/category/add-category", { name, image: IMG });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; name: string; image: string };
}

async function makeSubCategory(categoryIds: string[], name = unique("Sub")) {
  const res = await as(admin).post(createSubCategoryRoute, "/api/subcategory/create", {
    name,
    image: IMG,
    category: categoryIds,
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; name: string; category: { _id: string; name: string }[] };
}

const productBody = (categoryId: string, subCategoryId: string, extra: Record<string, unknown> = {}) => ({
  name: unique("Prod"),
  image: [IMG, "/media/catalog/1f95b-pouch-5e35b1-2.webp"],
  category: [categoryId],
  subCategory: [subCategoryId],
  unit: "500 ml",
  stock: 12,
  price: 49.5,
  discount: 10,
  description: "Fresh and creamy.",
  more_details: { Brand: "Pailful", "Shelf life": "2 days" },
  ...extra,
});

async function makeProduct(categoryId: string, subCategoryId: string, extra: Record<string, unknown> = {}) {
  const res = await as(admin).post(createProductRoute, "/api/product/create", productBody(categoryId, subCategoryId, extra));
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { _id: string; name: string; price: number; publish: boolean };
}

const expectFailure = (res: ApiResult, status: number) => {
  expect(res.status, res.body.message).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: true });
  expect(typeof res.body.message).toBe("string");
};

describe("who may write the catalogue", () => {
  it("answers 401 to guests and 403 to shoppers on every admin call, and changes nothing", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const product = await makeProduct(category._id, sub._id);
    const counts = async () => ({
      categories: await prisma.category.count(),
      subs: await prisma.subCategory.count(),
      products: await prisma.product.count({ where: { published: true } }),
      category: await prisma.category.findUniqueOrThrow({ where: { id: category._id } }),
      product: await prisma.product.findUniqueOrThrow({ where: { id: product._id } }),
    });
    const before = await counts();
    const calls: [Handler, string, string, unknown][] = [
      [addCategoryRoute, "POST", "/api/category/add-category", { name: unique("X"), image: IMG }],
      [updateCategoryRoute, "PUT", "/api/category/update", { _id: category._id, name: "Hacked", image: IMG }],
      [deleteCategoryRoute, "DELETE", "/api/category/delete", { _id: category._id }],
      [createSubCategoryRoute, "POST", "/api/subcategory/create", { name: "X", image: IMG, category: [category._id] }],
      [updateSubCategoryRoute, "PUT", "/api/subcategory/update", { _id: sub._id, name: "Hacked", image: IMG, category: [category._id] }],
      [deleteSubCategoryRoute, "DELETE", "/api/subcategory/delete", { _id: sub._id }],
      [createProductRoute, "POST", "/api/product/create", productBody(category._id, sub._id)],
      [updateProductRoute, "PUT", "/api/product/update-product-details", { _id: product._id, ...productBody(category._id, sub._id, { price: 1 }) }],
      [deleteProductRoute, "DELETE", "/api/product/delete-product", { _id: product._id }],
    ];
    for (const [handler, method, path, body] of calls) {
      expectFailure(await call(handler, method, path, body), 401);
      const res = await call(handler, method, path, body, { token: shopper });
      expectFailure(res, 403);
      expect(res.body.message).toBe("Do not have permission");
      // a shopper's bad body is still a 403, not a 400: the role is checked first
      expectFailure(await call(handler, method, path, { nonsense: true }, { token: shopper }), 403);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("categories", () => {
  it("adds, renames and deletes a category, sorted by name and trimmed", async () => {
    const name = unique("  Fresh   Herbs ");
    const created = await makeCategory(name);
    expect(created.name).toBe(name.trim().replace(/\s+/g, " "));
    const renamed = await as(admin).put(updateCategoryRoute, "/api/category/update", {
      _id: created._id,
      name: `${created.name} Updated`,
      image: IMG,
    });
    expect(renamed.status).toBe(200);
    expect((renamed.body.data as { name: string }).name).toBe(`${created.name} Updated`);
    const removed = await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: created._id });
    expect(removed.status).toBe(200);
    expect(await prisma.category.findUnique({ where: { id: created._id } })).toBeNull();
  });

  it("refuses a duplicate name whatever its case (409), on add and on rename", async () => {
    const name = unique("Snacks");
    await makeCategory(name);
    const dup = await as(admin).post(addCategoryRoute, "/api/category/add-category", {
      name: `  ${name.toUpperCase()} `,
      image: IMG,
    });
    expectFailure(dup, 409);
    expect(dup.body.message).toBe("A category with this name already exists");
    const other = await makeCategory();
    const rename = await as(admin).put(updateCategoryRoute, "/api/category/update", {
      _id: other._id,
      name: name.toLowerCase(),
      image: IMG,
    });
    expectFailure(rename, 409);
    // renaming a category to its own name in another case is fine
    const self = await as(admin).put(updateCategoryRoute, "/api/category/update", {
      _id: other._id,
      name: other.name.toUpperCase(),
      image: IMG,
    });
    expect(self.status).toBe(200);
  });

  it("keeps two concurrent adds of the same name to one", async () => {
    const name = unique("Race");
    const results = await Promise.all(
      [name, name.toLowerCase(), name.toUpperCase()].map((n) =>
        as(admin).post(addCategoryRoute, "/api/category/add-category", { name: n, image: IMG }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("refuses to delete a category in use and says why", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    await makeProduct(category._id, sub._id);
    await makeProduct(category._id, sub._id);
    const res = await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: category._id });
    expectFailure(res, 409);
    expect(res.body.message).toBe("This category is used by 1 sub-category and 2 products; move them first");
    expect(await prisma.category.findUnique({ where: { id: category._id } })).not.toBeNull();
  });

  it("answers 404 for an unknown id and 400 for bad bodies, never 500", async () => {
    expectFailure(await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: "nope123" }), 404);
    expectFailure(
      await as(admin).put(updateCategoryRoute, "/api/category/update", { _id: "nope123", name: "X", image: IMG }),
      404,
    );
    const bad: unknown[] = [
      {},
      { name: "" , image: IMG },
      { name: "   ", image: IMG },
      { name: "A", image: "" },
      { name: "A", image: "javascript:alert(1)" },
      { name: "A", image: "data:image/png;base64,AAAA" },
      { name: "A", image: "https://user:pw@images.example/x.png" },
      { name: "A", image: "/media/../../etc/passwd" },
      { name: "A", image: "//evil.example/x.png" },
      { name: 42, image: IMG },
      { name: "x".repeat(200), image: IMG },
      [],
      "text",
      null,
    ];
    for (const body of bad) {
      expectFailure(await as(admin).post(addCategoryRoute, "/api/category/add-category", body), 400);
    }
    const raw = await call(addCategoryRoute, "POST", "/api/category/add-category", undefined, {
      token: admin,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectFailure(raw, 400);
    expectFailure(await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: "../x" }), 400);
    expectFailure(await as(admin).del(deleteCategoryRoute, "/api/category/delete", {}), 400);
  });
});

describe("sub-categories", () => {
  it("stores a category chosen twice once and lists category names", async () => {
    const a = await makeCategory();
    const b = await makeCategory();
    const sub = await makeSubCategory([a._id, b._id, a._id]);
    expect(sub.category.map((c) => c._id).sort()).toEqual([a._id, b._id].sort());
    expect(await prisma.subCategoryCategory.count({ where: { subCategoryId: sub._id } })).toBe(2);

    const updated = await as(admin).put(updateSubCategoryRoute, "/api/subcategory/update", {
      _id: sub._id,
      name: "Renamed Sub",
      image: IMG,
      category: [b._id, b._id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "Renamed Sub", category: [{ _id: b._id, name: b.name }] });
  });

  it("needs at least one existing category", async () => {
    expectFailure(
      await as(admin).post(createSubCategoryRoute, "/api/subcategory/create", { name: "S", image: IMG, category: [] }),
      400,
    );
    const res = await as(admin).post(createSubCategoryRoute, "/api/subcategory/create", {
      name: "S",
      image: IMG,
      category: ["doesnotexist"],
    });
    expectFailure(res, 400);
    expect(res.body.message).toContain("Category not found");
    expectFailure(
      await as(admin).post(createSubCategoryRoute, "/api/subcategory/create", { name: "S", image: IMG, category: "x" }),
      400,
    );
  });

  it("refuses to delete a sub-category products use (409) and deletes an unused one", async () => {
    const category = await makeCategory();
    const used = await makeSubCategory([category._id]);
    await makeProduct(category._id, used._id);
    const res = await as(admin).del(deleteSubCategoryRoute, "/api/subcategory/delete", { _id: used._id });
    expectFailure(res, 409);
    expect(res.body.message).toBe("This sub-category is used by 1 product; move them first");

    const free = await makeSubCategory([category._id]);
    const ok = await as(admin).del(deleteSubCategoryRoute, "/api/subcategory/delete", { _id: free._id });
    expect(ok.status).toBe(200);
    expect(await prisma.subCategory.findUnique({ where: { id: free._id } })).toBeNull();
    expect(await prisma.subCategoryCategory.count({ where: { subCategoryId: free._id } })).toBe(0);
  });
});

describe("products", () => {
  it("creates a product in rupees, stored in paise, with its extra fields, and updates it", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const product = await makeProduct(category._id, sub._id, { price: "49.50", stock: "7" });
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: product._id } });
    expect(stored).toMatchObject({ pricePaise: 4950, stock: 7, discount: 10, published: true });
    expect(stored.moreDetails).toEqual({ Brand: "Pailful", "Shelf life": "2 days" });

    const update = await as(admin).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      ...productBody(category._id, sub._id, { name: "Renamed Product", price: 55, more_details: {} }),
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ name: "Renamed Product", price: 55, more_details: {} });
    const details = await call(productDetailsRoute, "POST", "/api/product/get-product-details", {
      productId: product._id,
    });
    expect(details.body.data).toMatchObject({ name: "Renamed Product", price: 55 });
  });

  it("updates only what a REST client sends ({_id, price}); a bad value is still refused", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const product = await makeProduct(category._id, sub._id, { price: "49.50", stock: "7" });
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product._id } });
    const update = await as(admin).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      price: 60,
    });
    expect(update.status).toBe(200);
    const after = await prisma.product.findUniqueOrThrow({ where: { id: product._id } });
    expect(after).toMatchObject({ ...before, pricePaise: 6000, updatedAt: after.updatedAt });
    const bad = await as(admin).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      discount: 150,
    });
    expect(bad.status).toBe(400);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product._id } })).toEqual(after);
  });

  it("validates numbers: stock whole and ≥ 0, price ≥ 0 with 2 decimals at most, discount 0–100", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const bad: Record<string, unknown>[] = [
      { stock: -1 },
      { stock: 1.5 },
      { stock: "" },
      { stock: "abc" },
      { price: -1 },
      { price: 10.555 },
      { price: "ten" },
      { discount: 101 },
      { discount: -5 },
      { discount: 12.5 },
      { name: "" },
      { description: " " },
      { unit: "" },
      { image: [] },
      { image: ["javascript:alert(1)"] },
      { category: [] },
      { subCategory: [] },
      { subCategory: ["missing1"] },
      { category: ["missing1"] },
      { more_details: { Colour: "" } },
      { more_details: { "": "x" } },
      { more_details: "text" },
    ];
    for (const extra of bad) {
      const res = await as(admin).post(createProductRoute, "/api/product/create", productBody(category._id, sub._id, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const free = await as(admin).post(
      createProductRoute,
      "/api/product/create",
      productBody(category._id, sub._id, { price: 0, discount: 100, stock: 0 }),
    );
    expect(free.status).toBe(201);
  });

  it("deletes a product never ordered for good", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const product = await makeProduct(category._id, sub._id);
    const res = await as(admin).del(deleteProductRoute, "/api/product/delete-product", { _id: product._id });
    expect(res.status).toBe(200);
    expect(await prisma.product.findUnique({ where: { id: product._id } })).toBeNull();
  });

  it("unpublishes a product that is in past orders: gone from the shop and carts, orders intact", async () => {
    const category = await makeCategory();
    const sub = await makeSubCategory([category._id]);
    const product = await makeProduct(category._id, sub._id);
    const buyer = await prisma.user.create({
      data: { name: "Buyer", email: uniqueEmail("buyer"), passwordHash: "x" },
    });
    const order = await prisma.order.create({
      data: {
        orderNumber: `KM-${randomUUID().slice(0, 8)}`,
        userId: buyer.id,
        status: "DELIVERED",
        paymentMethod: "CASH_ON_DELIVERY",
        subtotalPaise: 4950,
        totalPaise: 4455,
        itemCount: 1,
        addressSnapshot: { city: "Pune" },
        lines: {
          create: [
            {
              productId: product._id,
              name: product.name,
              image: IMG,
              unit: "500 ml",
              pricePaise: 4950,
              discount: 10,
              unitPricePaise: 4455,
              quantity: 1,
            },
          ],
        },
      },
    });
    await prisma.cartItem.create({ data: { userId: buyer.id, productId: product._id, quantity: 2 } });

    const res = await as(admin).del(deleteProductRoute, "/api/product/delete-product", { _id: product._id });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain("past order");
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: product._id } });
    expect(stored.published).toBe(false);
    expect(await prisma.cartItem.count({ where: { productId: product._id } })).toBe(0);
    const lines = await prisma.orderLine.findMany({ where: { orderId: order.id } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: product._id, name: product.name, unitPricePaise: 4455 });

    const details = await call(productDetailsRoute, "POST", "/api/product/get-product-details", {
      productId: product._id,
    });
    expect(details.status).toBe(404);
    // the category and sub-category are free again
    const delSub = await as(admin).del(deleteSubCategoryRoute, "/api/subcategory/delete", { _id: sub._id });
    expect(delSub.status).toBe(200);
    // deleting or editing it again: it no longer exists for the admin either
    expectFailure(await as(admin).del(deleteProductRoute, "/api/product/delete-product", { _id: product._id }), 404);
  });
});
