import { randomUUID } from "node:crypto";
import type { NextRequest as NextRequestType } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as addToCartRoute } from "@/app/api/cart/create/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { PUT as forgotRoute } from "@/app/api/user/forgot-password/route";
import { PUT as resetRoute } from "@/app/api/user/reset-password/route";
import { PUT as verifyRoute } from "@/app/api/user/verify-forgot-password-otp/route";
import { prisma } from "@/lib/db";
import { contentSecurityPolicy } from "@/lib/http/csp";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/http/api-edge";
import { handle, ok } from "@/lib/http/respond";
import { flushMail, listOutbox } from "@/lib/mail";
import { CROSS_SITE_MESSAGE } from "@/lib/http/same-origin";
import { proxy } from "@/proxy";
import { call, setCookies, uniqueEmail } from "../fakes/accounts-api";
import { webSessionToken } from "./web-session-token";

// Issue 8 item 5, the hardened edge: the CSP and its nonce (proxy.ts, lib/http/csp.ts), the cross-site refusal of
// cookie-authenticated API writes (lib/http/same-origin.ts, in the proxy and in getViewer), and error answers.
// The browser half (hydration under the policy, real cookies) is tests/e2e/security.spec.ts.

const APP = "http://localhost:3000"; // APP_URL of the integration setup
const EVIL = "https://evil.example";
const PASSWORD = "edge password 1";

// Imported once the tests run, as accounts-auth.test.ts does: a top-level import of next/server makes Vitest touch
// its lazy `after` export outside Next's server runtime, an unhandled rejection.
let NextRequest: typeof NextRequestType;
beforeAll(async () => {
  ({ NextRequest } = await import("next/server"));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

async function shopper() {
  const email = uniqueEmail("edge");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Edge Shopper",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const id = (reg.body.data as { _id: string })._id;
  const login = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  expect(login.status, login.body.message).toBe(200);
  const jwt = await webSessionToken(id);
  return {
    id,
    token: (login.body.data as { accesstoken: string }).accesstoken,
    cookie: `next-auth.session-token=${jwt}`,
  };
}

async function stockedProduct() {
  return prisma.product.create({
    data: {
      name: `Edge Test Product ${randomUUID().slice(0, 8)}`,
      images: ["/media/catalog/edge-test.webp"],
      unit: "1 kg",
      stock: 20,
      pricePaise: 5_000,
      discount: 0,
      description: "A product for the edge tests",
      published: true,
    },
  });
}

describe("Content-Security-Policy from the proxy", () => {
  it("answers pages and API calls with a policy whose nonce is new on every request and reaches the renderer", async () => {
    const nonces = new Set<string>();
    for (const path of [
      "/",
      "/cart",
      "/about",
      "/privacy",
      "/terms",
      "/product/x-prd00001",
      "/api/category/get",
    ]) {
      const response = await proxy(new NextRequest(`${APP}${path}`));
      expect(response.headers.get("x-middleware-next"), path).toBe("1");
      const policy = response.headers.get("content-security-policy")!;
      expect(policy, path).toBeTruthy();
      const nonce = nonceOf(policy)!;
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      // Next takes the nonce from the policy on the (rewritten) request headers
      expect(response.headers.get("x-middleware-request-content-security-policy"), path).toBe(policy);
    }
    expect(nonces.size).toBe(7);
  });

  it("allows the shop's own scripts, images, styles and calls and nothing else", async () => {
    const policy = (await proxy(new NextRequest(`${APP}/`))).headers.get("content-security-policy")!;
    const d = directives(policy);
    const nonce = nonceOf(policy)!;
    expect(d.get("default-src")).toEqual(["'self'"]);
    expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(policy).not.toContain("unsafe-eval");
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect(d.get("font-src")).toEqual(["'self'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("frame-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.has("upgrade-insecure-requests")).toBe(false);
  });

  it("adds UploadThing's file hosts only with UPLOADTHING_TOKEN, https upgrades only under https, eval only in dev", async () => {
    vi.stubEnv("UPLOADTHING_TOKEN", "token");
    vi.stubEnv("APP_URL", "https://shop.example");
    const policy = (await proxy(new NextRequest("https://shop.example/"))).headers.get(
      "content-security-policy",
    )!;
    expect(directives(policy).get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https:",
      "https://*.ufs.sh",
      "https://utfs.io",
    ]);
    expect(directives(policy).has("upgrade-insecure-requests")).toBe(true);

    const base = { nonce: "abc", https: false, uploadThing: false };
    expect(contentSecurityPolicy({ ...base, dev: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ ...base, dev: false })).not.toContain("'unsafe-eval'");
  });

  it("allows an http tile server's origin for MAP_TILE_URL images, and nothing more for https or data: tiles", async () => {
    vi.stubEnv("MAP_TILE_URL", "http://tiles.lan:8080/{z}/{x}/{y}.png");
    const policy = (await proxy(new NextRequest(`${APP}/`))).headers.get("content-security-policy")!;
    expect(directives(policy).get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https:",
      "http://tiles.lan:8080",
    ]);
    expect(directives(policy).get("script-src")).not.toContain("http://tiles.lan:8080");
    const base = { nonce: "abc", https: false, uploadThing: false, dev: false };
    for (const tiles of [
      "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      "data:image/png;base64,AAAA",
      "nonsense",
    ]) {
      expect(directives(contentSecurityPolicy({ ...base, mapTiles: tiles })).get("img-src")).toEqual([
        "'self'",
        "data:",
        "blob:",
        "https:",
      ]);
    }
  });

  it("keeps the login redirect of account pages, now with the policy on it", async () => {
    const guest = await proxy(new NextRequest(`${APP}/dashboard/address?x=1`));
    expect(guest.status).toBe(307);
    const location = new URL(guest.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard/address?x=1");
    expect(guest.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // other pages are open to guests
    expect((await proxy(new NextRequest(`${APP}/userguide`))).headers.get("x-middleware-next")).toBe("1");
    expect((await proxy(new NextRequest(`${APP}/checkout`))).headers.get("x-middleware-next")).toBe("1");
  });
});

describe("cross-site cookie writes", () => {
  const cookie = "next-auth.session-token=anything";
  const post = (path: string, headers: Record<string, string>, method = "POST") =>
    proxy(new NextRequest(`${APP}${path}`, { method, headers, body: "{}" }));

  async function expectRefused(response: Response) {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, error: true, message: CROSS_SITE_MESSAGE });
  }
  const passes = (response: Response) => expect(response.headers.get("x-middleware-next")).toBe("1");

  it("are refused by the proxy with 403 and the contract's envelope", async () => {
    await expectRefused(await post("/api/cart/create", { cookie, origin: EVIL }));
    await expectRefused(await post("/api/address/update", { cookie, origin: EVIL }, "PUT"));
    await expectRefused(await post("/api/cart/delete-cart-item", { cookie, origin: EVIL }, "DELETE"));
    await expectRefused(await post("/api/user/update-user", { cookie, origin: EVIL }, "PATCH"));
    // an opaque origin (sandboxed frame, data: page), a sibling subdomain, another port
    await expectRefused(await post("/api/cart/create", { cookie, origin: "null" }));
    await expectRefused(await post("/api/cart/create", { cookie, origin: "http://shop.localhost:3000" }));
    await expectRefused(await post("/api/cart/create", { cookie, origin: "http://localhost:3001" }));
    // no Origin: Fetch Metadata, else the Referer
    await expectRefused(await post("/api/cart/create", { cookie, "sec-fetch-site": "cross-site" }));
    await expectRefused(await post("/api/cart/create", { cookie, "sec-fetch-site": "same-site" }));
    await expectRefused(await post("/api/cart/create", { cookie, referer: `${EVIL}/page` }));
    // the password-reset grant is a credential too; so is a chunked session cookie
    await expectRefused(
      await post("/api/user/reset-password", { cookie: "km_reset=grant", origin: EVIL }, "PUT"),
    );
    await expectRefused(
      await post("/api/cart/create", { cookie: "next-auth.session-token.0=a", origin: EVIL }),
    );
  });

  it("let same-origin, cookieless, read-only, next-auth and webhook calls through", async () => {
    passes(await post("/api/cart/create", { cookie, origin: APP }));
    passes(await post("/api/cart/create", { cookie, "sec-fetch-site": "same-origin" }));
    passes(await post("/api/cart/create", { cookie, referer: `${APP}/cart` }));
    // a REST client with a cookie jar but no browser headers
    passes(await post("/api/cart/create", { cookie }));
    // bearer tokens: no cookie, whatever the origin
    passes(await post("/api/cart/create", { authorization: "Bearer x", origin: EVIL }));
    // other cookies are not credentials
    passes(await post("/api/cart/create", { cookie: "theme=dark", origin: EVIL }));
    passes(await proxy(new NextRequest(`${APP}/api/cart/get`, { headers: { cookie, origin: EVIL } })));
    passes(await post("/api/auth/callback/credentials", { cookie, origin: EVIL }));
    passes(await post("/api/order/webhook", { cookie, origin: EVIL }));
  });

  it("trust APP_URL's origin behind a reverse proxy that rewrites the Host", async () => {
    vi.stubEnv("APP_URL", "https://shop.example");
    const inner = (origin: string) =>
      proxy(
        new NextRequest("http://127.0.0.1:3000/api/cart/create", {
          method: "POST",
          headers: { cookie, origin },
        }),
      );
    passes(await inner("https://shop.example"));
    await expectRefused(await inner("http://shop.example"));
  });

  it("are refused by the route handler itself too, and change nothing; same-origin and bearer calls add the line", async () => {
    const me = await shopper();
    const product = await stockedProduct();
    const body = { productId: product.id };

    const forged = await call(addToCartRoute, "POST", "/api/cart/create", body, {
      cookie: me.cookie,
      headers: { origin: EVIL },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ success: false, error: true, message: CROSS_SITE_MESSAGE });
    expect(await prisma.cartItem.count({ where: { userId: me.id } })).toBe(0);

    const own = await call(addToCartRoute, "POST", "/api/cart/create", body, {
      cookie: me.cookie,
      headers: { origin: "http://localhost" },
    });
    expect(own.status, own.body.message).toBeLessThan(300);
    expect(await prisma.cartItem.findMany({ where: { userId: me.id }, select: { quantity: true } })).toEqual([
      { quantity: 1 },
    ]);

    const bearer = await call(addToCartRoute, "POST", "/api/cart/create", body, {
      token: me.token,
      headers: { origin: EVIL },
    });
    expect(bearer.status, bearer.body.message).toBeLessThan(300);
    expect(await prisma.cartItem.findMany({ where: { userId: me.id }, select: { quantity: true } })).toEqual([
      { quantity: 2 },
    ]);
  });
});

describe("the JSON API's edge: the route wrapper, not the proxy (issue 19)", () => {
  it("gives every wrapped answer the fixed policy, the request's id, Vary: Origin, and CORS for FRONTEND_URL only", async () => {
    vi.stubEnv("FRONTEND_URL", "https://spa.example");
    const route = handle(async () => ok("fine"));
    const given = await route(
      new Request(`${APP}/api/anything`, {
        headers: { "x-request-id": "edge-test-0001", origin: "https://spa.example" },
      }),
      {},
    );
    expect(given.status).toBe(200);
    expect(given.headers.get("x-request-id")).toBe("edge-test-0001");
    expect(given.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(given.headers.get("access-control-allow-origin")).toBe("https://spa.example");
    expect(given.headers.get("access-control-allow-credentials")).toBe("true");
    expect(given.headers.get("vary")).toContain("Origin");

    const other = await route(new Request(`${APP}/api/anything`, { headers: { origin: EVIL } }), {});
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("vary")).toContain("Origin");
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(API_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it("refuses a cross-site cookie write before the handler runs, with the request id on the refusal", async () => {
    const work = vi.fn(async () => ok("changed"));
    const route = handle(work);
    const refused = await route(
      new Request(`${APP}/api/cart/create`, {
        method: "POST",
        headers: {
          cookie: "next-auth.session-token=anything",
          origin: EVIL,
          "x-request-id": "edge-test-0002",
        },
        body: "{}",
      }),
      {},
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: true, message: CROSS_SITE_MESSAGE });
    expect(refused.headers.get("x-request-id")).toBe("edge-test-0002");
    expect(refused.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(work).not.toHaveBeenCalled();
  });
});

describe("cookies", () => {
  it("the reset grant is HttpOnly, SameSite=Lax and not Secure over http, and is cleared with the same flags", async () => {
    const email = uniqueEmail("edge-reset");
    await call(registerRoute, "POST", "/api/user/register", {
      name: "Edge Reset",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect((await call(forgotRoute, "PUT", "/api/user/forgot-password", { email })).status).toBe(200);
    await flushMail();
    const mail = (await listOutbox({ to: email, limit: 5 })).find((m) =>
      m.subject.includes("password reset code"),
    );
    const otp = /: (\d{6})/.exec(mail?.text ?? "")?.[1];
    expect(otp).toBeDefined();

    const verified = await call(verifyRoute, "PUT", "/api/user/verify-forgot-password-otp", { email, otp });
    expect(verified.status, verified.body.message).toBe(200);
    const grant = setCookies(verified.response).get("km_reset")!;
    expect(grant).toMatch(/; HttpOnly/i);
    expect(grant).toMatch(/; SameSite=lax/i);
    expect(grant).toMatch(/; Path=\//i);
    expect(grant).not.toMatch(/; Secure/i);

    const value = /^km_reset=([^;]+)/.exec(grant)![1]!;
    const reset = await call(
      resetRoute,
      "PUT",
      "/api/user/reset-password",
      { email, newPassword: "edge password 2", confirmPassword: "edge password 2" },
      { cookie: `km_reset=${value}`, headers: { origin: "http://localhost" } },
    );
    expect(reset.status, reset.body.message).toBe(200);
    const cleared = setCookies(reset.response).get("km_reset")!;
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toMatch(/; HttpOnly/i);
    expect(cleared).toMatch(/; SameSite=lax/i);
  });

  it("under an https APP_URL every cookie the shop sets or clears is Secure, next-auth's included", async () => {
    vi.stubEnv("APP_URL", "https://shop.example");
    vi.resetModules();
    try {
      const { resetGrantCookie, clearAuthCookies } = await import("@/lib/auth/cookies");
      const { getAuthOptions } = await import("@/lib/accounts/auth-options");
      const { NextResponse } = await import("next/server");
      expect(resetGrantCookie("g", 600)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });

      const cleared = clearAuthCookies(NextResponse.json({}), new Map([["next-auth.session-token", "x"]]));
      const lines = cleared.headers.getSetCookie();
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line, line).toMatch(/; Secure/i);
        expect(line, line).toMatch(/; HttpOnly/i);
        expect(line, line).toMatch(/; SameSite=lax/i);
      }

      // next-auth's cookies: session, csrf and callback under their __Secure-/__Host- names, all Secure
      const { createRequire } = await import("node:module");
      const path = await import("node:path");
      const { AuthHandler } = createRequire(import.meta.url)(
        path.resolve("node_modules/next-auth/core/index.js"),
      ) as {
        AuthHandler: (
          params: unknown,
        ) => Promise<{ cookies?: { name: string; options: Record<string, unknown> }[] }>;
      };
      const csrf = await AuthHandler({
        req: { action: "csrf", method: "GET", cookies: {}, headers: { host: "shop.example" }, query: {} },
        options: getAuthOptions(),
      });
      const csrfCookie = csrf.cookies?.find((c) => c.name === "__Host-next-auth.csrf-token");
      expect(csrfCookie?.options).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true, path: "/" });
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe("error answers", () => {
  it("carry the envelope and a plain message, never the error's text or stack", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = handle(async () => {
        throw new Error('relation "User" does not exist at /srv/app/lib/db/index.ts:42');
      });
      const res = await call(broken, "POST", "/api/anything", {});
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        error: true,
        message: "Something went wrong on our side; please try again.",
      });
      const text = await res.response.text();
      expect(text).not.toMatch(/relation|\/srv\/|\.ts:\d|\n\s+at /);
    } finally {
      quiet.mockRestore();
    }

    const bad = await call(addToCartRoute, "POST", "/api/cart/create", undefined, { raw: "{not json" });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(Object.keys(bad.body).sort()).toEqual(["error", "message", "success"]);
    expect(await bad.response.text()).not.toMatch(/\n\s+at |SyntaxError|node_modules/);
  });
});
