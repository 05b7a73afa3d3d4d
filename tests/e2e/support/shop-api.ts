import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN } from "../pages/admin-auth";

// REST helpers for the browser suites: set up what a screen needs to show (products with
// stock, a free delivery partner) and tidy up the orders a test placed, so partners are free for the next run.

export type ApiProduct = { _id: string; name: string; stock: number; price: number; discount: number; image: string[] };

/** Catalogue products from the REST list, `limit` at a time from `page`. */
export async function listProducts(
  request: APIRequestContext,
  page = 1,
  limit = 100,
  storeId?: string,
): Promise<ApiProduct[]> {
  const res = await request.post("/api/product/get", {
    data: { page, limit },
    headers: storeId ? { "x-store-id": storeId } : {},
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: ApiProduct[] }).data;
}

/**
 * `count` products with plenty of stock (15 or more) from one page of the list, so repeated runs on one database never
 * run out. Suites pick different pages so that parallel workers do not sell each other's stock.
 */
export async function stockedProducts(
  request: APIRequestContext,
  count: number,
  { page, limit = 100, storeId }: { page: number; limit?: number; storeId?: string },
): Promise<ApiProduct[]> {
  const picked = (await listProducts(request, page, limit, storeId)).filter((p) => p.stock >= 15).slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}

const DEMO_PRODUCT_ID = /^prd\d+$/;

/** The first product matching `pick` in the first few hundred products. */
export async function findProduct(
  request: APIRequestContext,
  pick: (p: ApiProduct) => boolean,
): Promise<ApiProduct | undefined> {
  for (let page = 1; page <= 5; page++) {
    const products = await listProducts(request, page);
    // the demo catalogue's own products (prd…): products other suites create (an admin's, stocked at the default store
    // only) list first and would make the pick depend on which suites ran before
    const found = products.find((p) => DEMO_PRODUCT_ID.test(p._id) && pick(p));
    if (found || products.length === 0) return found;
  }
  return undefined;
}

/** The product page of a product (any name slug works: the id at the end decides). */
export const productUrl = (p: { _id: string }) => `/product/p-${p._id}`;

/** The demo admin as a REST client (bearer token). */
export async function adminApi(request: APIRequestContext, ip: string) {
  const res = await request.post("/api/user/login", { data: DEMO_ADMIN, headers: { "x-forwarded-for": ip } });
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const headers = { authorization: `Bearer ${token}` };
  return {
    /** Makes sure at least one delivery partner is free (switching on a Busy one with no order if needed). */
    async ensureFreePartner(): Promise<boolean> {
      const list = await request.get("/api/delivery-partner", { headers });
      const { partners } = (await list.json()) as { partners: { _id: string; isAvailable: boolean }[] };
      if (partners.some((p) => p.isAvailable)) return true;
      for (const partner of partners) {
        const put = await request.put("/api/delivery-partner/status", {
          data: { partnerId: partner._id, isAvailable: true },
          headers,
        });
        if (put.ok()) return true;
      }
      return false;
    },
    /** Pauses a store with a reason, or resumes it (PUT /api/store/pause). */
    pauseStore(id: string, paused: boolean, reason?: string) {
      return request.put("/api/store/pause", { data: { _id: id, paused, reason }, headers });
    },
    /** Creates a catalogue record through its admin call (add-category, subcategory/create, product/create). */
    async create(path: string, fields: Record<string, unknown>): Promise<{ _id: string }> {
      const res = await request.post(path, { data: fields, headers });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return ((await res.json()) as { data: { _id: string } }).data;
    },
    /** Changes a product (PUT /api/product/update-product-details). */
    async updateProduct(fields: Record<string, unknown>) {
      const res = await request.put("/api/product/update-product-details", { data: fields, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** Creates a coupon (POST /api/coupon/create), answering its code and id. */
    async createCoupon(fields: Record<string, unknown>): Promise<{ _id: string; code: string }> {
      const res = await request.post("/api/coupon/create", { data: fields, headers });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: { _id: string; code: string } }).data;
    },
    /** Moves an order on (PUT /api/order/status), as the store's board would. */
    setStatus(orderId: string, status: string, reason?: string) {
      return request.put("/api/order/status", { data: { orderId, status, ...(reason ? { reason } : {}) }, headers });
    },
    /** Delivers an order (freeing its partner), or cancels it when it cannot move on. */
    async finish(orderId: string) {
      for (const status of ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
        const put = await request.put("/api/order/status", {
          data: { orderId, status, ...(status === "DELIVERED" ? { reason: "Finished by the test" } : {}) },
          headers,
        });
        if (!put.ok()) {
          await request.put("/api/order/status", { data: { orderId, status: "CANCELLED" }, headers });
          return;
        }
      }
    },
  };
}
