import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { freePort } from "../support/free-port";
import { call } from "../fakes/accounts-api";

// Issue 8, fault (a) in small: with PostgreSQL unreachable (a real connection attempt to a port nobody listens on),
// every REST call that needs the database answers 503 with the contract's envelope and a message, never a 500.
// lib/db keeps its client on globalThis; this file puts a client for the dead address there before the routes load,
// and puts the real one back afterwards.

const holder = globalThis as unknown as { kwikmartPrisma?: PrismaClient };
const previous = holder.kwikmartPrisma;
let dead: PrismaClient;
let routes: Record<string, (request: Request, context: never) => Promise<Response>>;

beforeAll(async () => {
  const port = await freePort();
  dead = new PrismaClient({
    adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/none`, connectionTimeoutMillis: 2_000 }),
  });
  holder.kwikmartPrisma = dead;
  routes = {
    search: (await import("@/app/api/product/search-product/route")).POST,
    details: (await import("@/app/api/product/get-product-details/route")).POST,
    categories: (await import("@/app/api/category/get/route")).GET,
    login: (await import("@/app/api/user/login/route")).POST,
    cart: (await import("@/app/api/cart/get/route")).GET,
    cod: (await import("@/app/api/order/cash-on-delivery/route")).POST,
    ready: (await import("@/app/api/ready/route")).GET,
  };
});

afterAll(async () => {
  holder.kwikmartPrisma = previous;
  await dead.$disconnect();
});

describe("REST calls while the database is unreachable", () => {
  const cases: [string, string, string, unknown][] = [
    ["search", "POST", "/api/product/search-product", { search: "milk unreachable" }],
    ["details", "POST", "/api/product/get-product-details", { productId: "prd00001" }],
    ["categories", "GET", "/api/category/get", undefined],
    ["login", "POST", "/api/user/login", { email: "someone@example.com", password: "Secret@12345" }],
  ];
  it.each(cases)("%s answers 503 with a message in the envelope", async (name, method, path, body) => {
    const res = await call(routes[name]!, method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({ success: false, error: true, message: expect.stringMatching(/unavailable/i) });
  });

  it("signed-in calls (cart, order) answer 503 too: a valid token cannot be checked, so nothing is done", async () => {
    const { signAccessToken } = await import("@/lib/auth/tokens");
    const token = await signAccessToken({ userId: "user-unreachable", sessionVersion: 0, familyId: "family-unreachable" });
    const order = { list_items: [{ productId: "prd00001", quantity: 1 }], addressId: "a1", subTotalAmt: 10, totalAmt: 10 };
    const cart = await call(routes.cart!, "GET", "/api/cart/get", undefined, { token });
    const cod = await call(routes.cod!, "POST", "/api/order/cash-on-delivery", order, { token });
    expect([cart.status, cod.status]).toEqual([503, 503]);
    expect(cod.body.message).toMatch(/unavailable/i);
  });

  it("/api/ready says not ready, with the reason", async () => {
    const res = await call(routes.ready!, "GET", "/api/ready");
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("not ready: database unreachable");
  });

  it("the search page says search is briefly unavailable instead of showing the error page", async () => {
    const { SearchResults } = await import("@/app/(shop)/_catalog/search-results");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const html = renderToStaticMarkup(await SearchResults({ storeId: "main", term: "milk unreachable", sort: "relevance" }));
    expect(html).toContain("Search is briefly unavailable");
    expect(html).toContain("please try again in a moment");
  });
});
