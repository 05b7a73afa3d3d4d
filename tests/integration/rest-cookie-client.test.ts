import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as addressGet } from "@/app/api/address/get/route";
import { POST as addressCreate } from "@/app/api/address/create/route";
import { POST as cartCreate } from "@/app/api/cart/create/route";
import { GET as categoryGet } from "@/app/api/category/get/route";
import { GET as cartGet } from "@/app/api/cart/get/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { GET as orderListRoute } from "@/app/api/order/order-list/route";
import { POST as productCreate } from "@/app/api/product/create/route";
import { PUT as productUpdate } from "@/app/api/product/update-product-details/route";
import { POST as subCategoryCreate } from "@/app/api/subcategory/create/route";
import { PUT as subCategoryUpdate } from "@/app/api/subcategory/update/route";
import { PUT as forgotRoute } from "@/app/api/user/forgot-password/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/user/logout/route";
import { POST as refreshRoute } from "@/app/api/user/refresh-token/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { PUT as resetRoute } from "@/app/api/user/reset-password/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { PUT as verifyOtpRoute } from "@/app/api/user/verify-forgot-password-otp/route";
import { prisma } from "@/lib/db";
import { CROSS_SITE_MESSAGE } from "@/lib/http/same-origin";
import { flushMail, listOutbox } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { call } from "../fakes/accounts-api";
import { BrowserPage, SHOP, type BrowserAnswer, type Routes } from "./browser-client";
import { webSessionToken } from "./web-session-token";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 15 §2: the seed's own SPA (a cookie-only REST client, served on its own origin) logged in end to end. A page on
// FRONTEND_URL drives the REST API exactly as that client does, with a browser's cookie jar, `Origin` and preflights
// and no bearer header: F1 (the cookie session: login cookies, renewal by the refresh cookie, logout), F2 (id lists as
// {_id, name} objects), F3/F4 (CORS for FRONTEND_URL, the cross-site guard trusting it, absolute image URLs, the OTP
// reset with its grant cookie) and F6 (one order-list row per ordered line). A page on another origin gets nowhere.

const SPA = "http://localhost:5173"; // the seed client's Vite dev server: another origin, the same site
const FOREIGN = "http://localhost:4000"; // another origin of the same site that FRONTEND_URL does not name
const PASSWORD = "spa client password 1";

const ROUTES: Routes = {
  "/api/user/register": { POST: registerRoute },
  "/api/user/login": { POST: loginRoute },
  "/api/user/logout": { GET: logoutGet, POST: logoutPost },
  "/api/user/refresh-token": { POST: refreshRoute },
  "/api/user/user-details": { GET: userDetailsRoute },
  "/api/user/forgot-password": { PUT: forgotRoute },
  "/api/user/verify-forgot-password-otp": { PUT: verifyOtpRoute },
  "/api/user/reset-password": { PUT: resetRoute },
  "/api/address/create": { POST: addressCreate },
  "/api/address/get": { GET: addressGet },
  "/api/cart/create": { POST: cartCreate },
  "/api/cart/get": { GET: cartGet },
  "/api/category/get": { GET: categoryGet },
  "/api/order/cash-on-delivery": { POST: codRoute },
  "/api/order/order-list": { GET: orderListRoute },
  "/api/subcategory/create": { POST: subCategoryCreate },
  "/api/subcategory/update": { PUT: subCategoryUpdate },
  "/api/product/create": { POST: productCreate },
  "/api/product/update-product-details": { PUT: productUpdate },
};

beforeAll(() => {
  process.env.FRONTEND_URL = `${SPA}, https://spa.example`;
  process.env.STRIPE_SECRET_KEY = "";
});
afterAll(async () => {
  delete process.env.FRONTEND_URL;
  await flushMail();
});
afterEach(() => {
  vi.useRealTimers();
});

const tag = () => randomUUID().slice(0, 8);
const ok = (answer: BrowserAnswer, status = 200) => {
  expect(answer.readable, `${answer.status} ${answer.body?.message}`).toBe(true);
  expect(answer.status, answer.body?.message).toBe(status);
  return answer.body!;
};
const cookieNames = (answer: BrowserAnswer) => answer.setCookies.map((c) => c.slice(0, c.indexOf("=")));

async function product(name: string, stock = 20, pricePaise = 5_000, discount = 10) {
  return prisma.product.create({
    data: {
      name,
      images: [`/media/catalog/spa-${tag()}.webp`],
      unit: "1 kg",
      stock,
      pricePaise,
      discount,
      description: "for the SPA client test",
      published: true,
    },
  });
}

/** Registers through the page and logs in with the cookie session; the jar then holds the two cookies. */
async function signedIn(page: BrowserPage, name = "Spa Shopper") {
  const email = `spa-${tag()}@example.com`;
  ok(
    await page.fetch("POST", "/api/user/register", {
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
    201,
  );
  const login = await page.fetch("POST", "/api/user/login", { email, password: PASSWORD });
  ok(login);
  return { email, login };
}

/** What the seed client sends to place an order: its cart lines as the API gave them, and their totals. */
function orderBody(
  lines: { _id: string; quantity: number; productId: { _id: string; price: number; discount: number } }[],
  addressId: string,
) {
  let paise = 0;
  for (const line of lines) {
    paise +=
      discountedPricePaise(Math.round(line.productId.price * 100), line.productId.discount) * line.quantity;
  }
  return { list_items: lines, addressId, subTotalAmt: toRupees(paise), totalAmt: toRupees(paise) };
}

describe("the seed's SPA on FRONTEND_URL, cookies only (F1, F3/F4, F6)", () => {
  it("logs in, reads the profile, saves an address, fills the cart, orders cash on delivery and lists one row per line", async () => {
    const page = new BrowserPage(SPA, ROUTES);
    const { email, login } = await signedIn(page);

    // F1: the tokens in the body as before, and the same two as httpOnly cookies, Lax and not Secure over http
    const tokens = login.body!.data as { accesstoken: string; refreshToken: string };
    expect(tokens.accesstoken).toBeTruthy();
    const set = new Map(login.setCookies.map((c) => [c.slice(0, c.indexOf("=")), c]));
    expect(set.get("accessToken")).toMatch(/HttpOnly/i);
    expect(set.get("accessToken")).toMatch(/SameSite=Lax/i);
    expect(set.get("accessToken")).not.toMatch(/Secure/i);
    expect(set.get("accessToken")).toMatch(/Max-Age=900/);
    expect(set.get("refreshToken")).toMatch(/HttpOnly/i);
    expect(set.get("refreshToken")).toMatch(/Max-Age=2592000/);
    expect(page.jar.get("accessToken")?.value).toBe(tokens.accesstoken);
    expect(page.jar.get("refreshToken")?.value).toBe(tokens.refreshToken);
    // F3/F4: CORS for FRONTEND_URL, with credentials, varying by Origin
    expect(login.response!.headers.get("access-control-allow-origin")).toBe(SPA);
    expect(login.response!.headers.get("access-control-allow-credentials")).toBe("true");
    expect(login.response!.headers.get("vary")).toMatch(/Origin/);

    const details = ok(await page.fetch("GET", "/api/user/user-details"));
    expect(details.data).toMatchObject({ email, role: "USER" });

    const address = ok(
      await page.fetch("POST", "/api/address/create", {
        address_line: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560001",
        country: "India",
        mobile: "9876543210",
      }),
      201,
    ).data as { _id: string };
    const addresses = ok(await page.fetch("GET", "/api/address/get")).data as { _id: string }[];
    expect(addresses.map((a) => a._id)).toEqual([address._id]);

    const products = [
      await product(`Spa Atta ${tag()}`),
      await product(`Spa Dal ${tag()}`),
      await product(`Spa Ghee ${tag()}`),
    ];
    for (const p of products) ok(await page.fetch("POST", "/api/cart/create", { productId: p.id }), 201);
    const cart = ok(await page.fetch("GET", "/api/cart/get")).data as {
      _id: string;
      quantity: number;
      productId: { _id: string; name: string; image: string[]; price: number; discount: number };
    }[];
    expect(cart.map((l) => l.productId._id).sort()).toEqual(products.map((p) => p.id).sort());
    // the page is on another origin: the shop's picture paths come absolute, on APP_URL
    for (const line of cart)
      expect(line.productId.image[0]).toMatch(/^http:\/\/localhost:3000\/media\/catalog\/spa-/);

    const placed = ok(
      await page.fetch("POST", "/api/order/cash-on-delivery", orderBody(cart, address._id)),
      201,
    );
    const orderId = (placed.data as { orderId: string }[])[0]!.orderId;
    expect(await prisma.cartItem.count({ where: { user: { email } } })).toBe(0);

    // F6: one row per ordered line, sharing the order's orderId, each with its own product_details
    const rows = ok(await page.fetch("GET", "/api/order/order-list")).data as {
      _id: string;
      orderId: string;
      productId: string;
      quantity: number;
      product_details: { name: string; image: string[] };
    }[];
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set([orderId]));
    expect(new Set(rows.map((r) => r._id)).size).toBe(1);
    expect(rows.map((r) => r.product_details.name).sort()).toEqual(products.map((p) => p.name).sort());
    for (const row of rows) {
      const p = products.find((x) => x.id === row.productId)!;
      expect(row.product_details).toEqual({ name: p.name, image: [`${SHOP}${p.images[0]}`] });
      expect(row.quantity).toBe(1);
    }
  });

  it("stays signed in past the access cookie's 15 minutes: the refresh cookie renews both on that same answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const page = new BrowserPage(SPA, ROUTES);
    await signedIn(page);
    const first = {
      access: page.jar.get("accessToken")!.value,
      refresh: page.jar.get("refreshToken")!.value,
    };

    // the browser drops the access cookie at its Max-Age; the next call carries the refresh cookie alone
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    expect(page.cookieHeader()).not.toContain("accessToken=");
    const renewed = await page.fetch("GET", "/api/user/user-details");
    ok(renewed);
    expect(cookieNames(renewed).sort()).toEqual(["accessToken", "refreshToken"]);
    const second = {
      access: page.jar.get("accessToken")!.value,
      refresh: page.jar.get("refreshToken")!.value,
    };
    expect(second.access).not.toBe(first.access);
    expect(second.refresh).not.toBe(first.refresh);
    // the new access cookie is used as it is: nothing more to renew
    const plain = await page.fetch("GET", "/api/user/user-details");
    ok(plain);
    expect(plain.setCookies).toEqual([]);

    // an access cookie still sent after its token expired (a client that kept it longer) is renewed the same way
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    page.jar.set("accessToken", { value: second.access, expiresAt: null, sameSite: "lax", secure: false });
    const again = await page.fetch("POST", "/api/cart/create", {
      productId: (await product(`Spa Salt ${tag()}`)).id,
    });
    ok(again, 201);
    expect(cookieNames(again).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(page.jar.get("refreshToken")!.value).not.toBe(second.refresh);
  });

  it("the calls a page fires at once with the same expired pair all pass; reusing a rotated refresh cookie later revokes the family", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const page = new BrowserPage(SPA, ROUTES);
    await signedIn(page);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const stale = page.jar.get("refreshToken")!.value;

    // what the seed client does on load: user details, cart, addresses and orders together
    const burst = await Promise.all(
      ["/api/user/user-details", "/api/cart/get", "/api/address/get", "/api/order/order-list"].map((path) =>
        page.fetch("GET", path),
      ),
    );
    for (const answer of burst) ok(answer);
    expect(burst.filter((a) => a.setCookies.length > 0)).toHaveLength(1); // one rotation; nobody else clears
    ok(await page.fetch("GET", "/api/user/user-details"));

    // a copy of the rotated refresh cookie, presented after the grace, is theft: the whole family ends
    vi.setSystemTime(Date.now() + 60 * 1000);
    const thief = new BrowserPage(SPA, ROUTES);
    thief.jar.set("refreshToken", { value: stale, expiresAt: null, sameSite: "lax", secure: false });
    const stolen = await thief.fetch("GET", "/api/user/user-details");
    expect(stolen.status).toBe(401);
    expect(cookieNames(stolen).sort()).toEqual(["accessToken", "refreshToken"]); // cleared
    expect((await page.fetch("GET", "/api/user/user-details")).status).toBe(401);
  });

  it("logs out with GET: both cookies cleared, and copies of them no longer work", async () => {
    const page = new BrowserPage(SPA, ROUTES);
    await signedIn(page);
    const copy = new BrowserPage(SPA, ROUTES);
    for (const [name, cookie] of page.jar) copy.jar.set(name, { ...cookie });

    const out = await page.fetch("GET", "/api/user/logout");
    ok(out);
    const cleared = out.setCookies.filter((c) => /^(accessToken|refreshToken)=/.test(c));
    expect(cleared).toHaveLength(2);
    for (const line of cleared) expect(line).toMatch(/Max-Age=0/);
    expect(page.jar.size).toBe(0);
    expect((await page.fetch("GET", "/api/user/user-details")).status).toBe(401);
    // the access token's family is revoked: neither copied cookie signs anyone in
    expect((await copy.fetch("GET", "/api/user/user-details")).status).toBe(401);
    copy.jar.delete("accessToken");
    expect((await copy.fetch("GET", "/api/user/user-details")).status).toBe(401);
  });

  it("resets a forgotten password from FRONTEND_URL with the km_reset grant cookie", async () => {
    const page = new BrowserPage(SPA, ROUTES);
    const { email } = await signedIn(page);
    ok(await page.fetch("PUT", "/api/user/forgot-password", { email }));
    await flushMail();
    const mail = (await listOutbox({ to: email, limit: 5 })).find((m) =>
      m.subject.includes("password reset code"),
    );
    const otp = /: (\d{6})/.exec(mail?.text ?? "")?.[1];
    expect(otp).toBeDefined();
    ok(await page.fetch("PUT", "/api/user/verify-forgot-password-otp", { email, otp }));
    expect(page.jar.has("km_reset")).toBe(true);
    const newPassword = "spa client password 2";
    // no resetToken in the body: the grant cookie carries it, as the seed client relies on
    ok(
      await page.fetch("PUT", "/api/user/reset-password", {
        email,
        newPassword,
        confirmPassword: newPassword,
      }),
    );
    ok(await page.fetch("POST", "/api/user/login", { email, password: newPassword }));
  });
});

describe("the seed's SPA as an admin: id lists as {_id, name} objects (F2)", () => {
  it("creates and updates a sub-category and a product with the category objects the API returned", async () => {
    const page = new BrowserPage(SPA, ROUTES);
    const { email } = await signedIn(page, "Spa Admin");
    await prisma.user.update({ where: { email }, data: { role: "ADMIN" } });
    const categoryName = `Spa Category ${tag()}`;
    const category = await prisma.category.create({
      data: {
        name: categoryName,
        nameKey: categoryName.toLowerCase(),
        image: "/media/catalog/spa-category.webp",
      },
    });
    const categoryRef = { _id: category.id, name: category.name };

    const sub = ok(
      await page.fetch("POST", "/api/subcategory/create", {
        name: `Spa Sub ${tag()}`,
        image: "/media/catalog/spa-sub.webp",
        category: [categoryRef],
      }),
      201,
    ).data as { _id: string; name: string; image: string; category: { _id: string; name: string }[] };
    expect(sub.category).toEqual([categoryRef]);
    expect(sub.image).toBe(`${SHOP}/media/catalog/spa-sub.webp`);
    ok(
      await page.fetch("PUT", "/api/subcategory/update", {
        _id: sub._id,
        name: sub.name,
        image: sub.image, // the absolute URL it was given comes back: stored as the shop's own path again
        category: sub.category,
      }),
    );
    expect((await prisma.subCategory.findUniqueOrThrow({ where: { id: sub._id } })).image).toBe(
      "/media/catalog/spa-sub.webp",
    );

    const created = ok(
      await page.fetch("POST", "/api/product/create", {
        name: `Spa Product ${tag()}`,
        image: [`${SHOP}/media/catalog/spa-product.webp`],
        category: [categoryRef],
        subCategory: [{ _id: sub._id, name: sub.name }],
        unit: "500 g",
        stock: 12,
        price: 99,
        discount: 5,
        description: "made by the SPA",
        more_details: {},
      }),
      201,
    ).data as { _id: string; category: unknown[]; subCategory: unknown[] };
    const stored = await prisma.product.findUniqueOrThrow({
      where: { id: created._id },
      include: { categories: true, subCategories: true },
    });
    expect(stored.images).toEqual(["/media/catalog/spa-product.webp"]);
    expect(stored.categories.map((c) => c.categoryId)).toEqual([category.id]);
    expect(stored.subCategories.map((s) => s.subCategoryId)).toEqual([sub._id]);
    ok(
      await page.fetch("PUT", "/api/product/update-product-details", {
        _id: created._id,
        name: stored.name,
        image: [`${SHOP}/media/catalog/spa-product.webp`],
        category: [categoryRef, category.id], // mixed, and twice: stored once
        subCategory: [{ _id: sub._id }],
        unit: "1 kg",
        stock: 10,
        price: 99,
        discount: 5,
        description: "updated by the SPA",
      }),
    );

    // anything else in an id list is still a clear 400
    for (const category of [[{ name: "no id" }], [42], [{ _id: 42 }], [null]]) {
      const bad = await page.fetch("POST", "/api/subcategory/create", {
        name: `Bad ${tag()}`,
        image: "/media/catalog/spa-sub.webp",
        category,
      });
      expect(bad.status, JSON.stringify(category)).toBe(400);
      expect(bad.body!.message).toBe("category.0: category must be a list of ids or of {_id, name} objects");
    }
    const badId = await page.fetch("POST", "/api/subcategory/create", {
      name: `Bad ${tag()}`,
      image: "/media/catalog/spa-sub.webp",
      category: [{ _id: "not an id!", name: "x" }],
    });
    expect(badId.status).toBe(400);
    expect(badId.body!.message).toBe("category.0: category is not a valid id");
  });
});

describe("a page on an origin FRONTEND_URL does not name", () => {
  it("gets no CORS answer, and its cookie-bearing writes are refused by the server itself", async () => {
    const spa = new BrowserPage(SPA, ROUTES);
    const { email } = await signedIn(spa);
    const products = [await product(`Spa Rice ${tag()}`)];
    ok(await spa.fetch("POST", "/api/cart/create", { productId: products[0]!.id }), 201);
    const address = ok(
      await spa.fetch("POST", "/api/address/create", {
        address_line: "1 Brigade Road",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560001",
        country: "India",
        mobile: "9876543210",
      }),
      201,
    ).data as { _id: string };
    const cart = ok(await spa.fetch("GET", "/api/cart/get")).data as Parameters<typeof orderBody>[0];

    // another origin of the same site: the browser sends it the shopper's Lax cookies
    const foreign = new BrowserPage(FOREIGN, ROUTES);
    for (const [name, cookie] of spa.jar) foreign.jar.set(name, { ...cookie });

    // a browser stops at the preflight: no CORS headers for this origin
    const pre = await foreign.preflight("/api/cart/create", "POST", ["content-type"]);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    expect(
      (await foreign.fetch("POST", "/api/cart/create", { productId: products[0]!.id })).preflightRefused,
    ).toBe(true);
    expect(
      (await foreign.fetch("POST", "/api/user/login", { email, password: PASSWORD })).preflightRefused,
    ).toBe(true);

    // reads reach the server but the page cannot read the answers
    for (const path of [
      "/api/user/user-details",
      "/api/cart/get",
      "/api/address/get",
      "/api/order/order-list",
    ]) {
      const read = await foreign.fetch("GET", path);
      expect(read.readable, path).toBe(false);
      expect(read.response!.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(read.response!.headers.get("vary"), path).toMatch(/Origin/);
    }

    // writes sent anyway (an old browser, a form post, a script that skips the preflight) are refused with 403
    const cartBefore = await prisma.cartItem.findMany({ where: { user: { email } }, orderBy: { id: "asc" } });
    const writes: [string, string, unknown][] = [
      ["POST", "/api/cart/create", { productId: products[0]!.id }],
      [
        "POST",
        "/api/address/create",
        {
          address_line: "x",
          city: "y",
          state: "z",
          pincode: "400001",
          country: "India",
          mobile: "9876543210",
        },
      ],
      ["POST", "/api/order/cash-on-delivery", orderBody(cart, address._id)],
      [
        "PUT",
        "/api/user/reset-password",
        { email, newPassword: "evil password 9", confirmPassword: "evil password 9" },
      ],
      ["POST", "/api/user/refresh-token", {}],
      ["POST", "/api/user/logout", {}],
    ];
    for (const [method, path, body] of writes) {
      const refused = await foreign.fetch(method, path, body, { skipPreflight: true });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toEqual({ success: false, error: true, message: CROSS_SITE_MESSAGE });
      expect(refused.response!.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(refused.setCookies, path).toEqual([]);
    }
    const logout = await foreign.fetch("GET", "/api/user/logout");
    expect(logout.status).toBe(403);
    // REST login from there plants no cookie either
    const fresh = new BrowserPage(FOREIGN, ROUTES);
    const login = await fresh.fetch(
      "POST",
      "/api/user/login",
      { email, password: PASSWORD },
      { skipPreflight: true },
    );
    expect(login.status).toBe(403);
    expect(fresh.jar.size).toBe(0);

    expect(await prisma.cartItem.findMany({ where: { user: { email } }, orderBy: { id: "asc" } })).toEqual(
      cartBefore,
    );
    expect(await prisma.address.count({ where: { user: { email } } })).toBe(1);
    expect(await prisma.order.count({ where: { user: { email } } })).toBe(0);
    // and the shopper's own session on FRONTEND_URL is untouched
    ok(await spa.fetch("GET", "/api/user/user-details"));
  });

  it("a REST client whose cookie jar kept the login cookies still passes with its bearer token, from anywhere", async () => {
    const jarClient = new BrowserPage(FOREIGN, ROUTES);
    const spa = new BrowserPage(SPA, ROUTES);
    const { login } = await signedIn(spa);
    for (const [name, cookie] of spa.jar) jarClient.jar.set(name, { ...cookie });
    const token = (login.body!.data as { accesstoken: string }).accesstoken;
    const added = await jarClient.fetch(
      "POST",
      "/api/cart/create",
      { productId: (await product(`Spa Tea ${tag()}`)).id },
      { skipPreflight: true, headers: { authorization: `Bearer ${token}` } },
    );
    expect(added.status, added.body?.message).toBe(201);
  });

  it("the shop's own pages act as their web session, whatever REST cookies the browser also holds", async () => {
    const spa = new BrowserPage(SPA, ROUTES);
    const { email: restUser } = await signedIn(spa, "Rest Cookie User");
    const { id: webUserId, email: webUser } = await (async () => {
      const other = new BrowserPage(SPA, ROUTES);
      const { email } = await signedIn(other, "Web Session User");
      return { id: (await prisma.user.findUniqueOrThrow({ where: { email } })).id, email };
    })();
    const shop = new BrowserPage(SHOP, ROUTES);
    for (const [name, cookie] of spa.jar) shop.jar.set(name, { ...cookie });
    shop.jar.set("next-auth.session-token", {
      value: await webSessionToken(webUserId),
      expiresAt: null,
      sameSite: "lax",
      secure: false,
    });
    expect((ok(await shop.fetch("GET", "/api/user/user-details")).data as { email: string }).email).toBe(
      webUser,
    );
    shop.jar.delete("next-auth.session-token");
    expect((ok(await shop.fetch("GET", "/api/user/user-details")).data as { email: string }).email).toBe(
      restUser,
    );
  });

  it("the same page on FRONTEND_URL's list gets the preflight answered: 204, methods, headers, credentials", async () => {
    const page = new BrowserPage(SPA, ROUTES);
    const pre = await page.preflight("/api/order/cash-on-delivery", "POST", [
      "content-type",
      "idempotency-key",
    ]);
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe(SPA);
    expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Idempotency-Key/);
    expect(pre.headers.get("vary")).toMatch(/Origin/);
  });
});

describe("picture URLs in REST answers (F3/F4)", () => {
  it("are absolute on APP_URL for FRONTEND_URL and for clients without a browser, paths for the shop's own pages", async () => {
    const name = `Spa Pictures ${tag()}`;
    await prisma.category.create({
      data: { name, nameKey: name.toLowerCase(), image: "/media/catalog/spa-pic.webp" },
    });
    const imageIn = (answer: { body: { data?: unknown } | null }) =>
      (answer.body!.data as { name: string; image: string }[]).find((c) => c.name === name)!.image;

    expect(imageIn(await new BrowserPage(SPA, ROUTES).fetch("GET", "/api/category/get"))).toBe(
      `${SHOP}/media/catalog/spa-pic.webp`,
    );
    // a mobile app or curl: no Origin, no Fetch Metadata, no Referer
    expect(imageIn(await call(categoryGet, "GET", "/api/category/get"))).toBe(
      `${SHOP}/media/catalog/spa-pic.webp`,
    );
    // the shop's own screens (the admin tables, the listing's later pages) keep paths: they work at any host
    expect(imageIn(await new BrowserPage(SHOP, ROUTES).fetch("GET", "/api/category/get"))).toBe(
      "/media/catalog/spa-pic.webp",
    );
  });
});

describe("cookie attributes by where FRONTEND_URL is", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function loginCookies(appUrl: string, frontend: string) {
    vi.stubEnv("APP_URL", appUrl);
    vi.stubEnv("FRONTEND_URL", frontend);
    vi.resetModules();
    const { tokenCookies, resetGrantCookie } = await import("@/lib/auth/cookies");
    return [...tokenCookies({ accessToken: "a", refreshToken: "r" }), resetGrantCookie("g", 600)];
  }

  it("SameSite=None; Secure only for a FRONTEND_URL on another site over https", async () => {
    for (const cookie of await loginCookies("https://shop.example.com", "https://spa.other.net")) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: true, sameSite: "none" });
    }
    for (const cookie of await loginCookies("https://shop.example.com", "https://spa.example.com")) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: true, sameSite: "lax" });
    }
    for (const cookie of await loginCookies("http://localhost:3000", "http://spa.example")) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: false, sameSite: "lax" });
    }
    for (const cookie of await loginCookies("https://shop.example.co.uk", "https://other.co.uk")) {
      expect(cookie, cookie.name).toMatchObject({ sameSite: "none", secure: true });
    }
  });
});
