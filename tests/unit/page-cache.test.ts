import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cacheablePage, lateScriptPage, RENDER_HEADER, TOP_LEVEL_ROUTES, type PageRequest } from "@/lib/page-cache/routes";
import { LOCATION_COOKIE, parseLocation, serializeLocation } from "@/lib/stores/location";
import { inlineScriptHashes } from "@/lib/page-cache/script-hashes";
import { cachedPage, clearPages, fillPage, type CachedPage } from "@/lib/page-cache/store";
import { servePage, serveThrough } from "@/lib/page-cache/serve";

// The page cache's rules (issue 19 item 1): which requests it answers and under what key, the script hashes of a
// cached page's policy, and what a change clears. Its journey in a browser (a cached page blocks an injected inline
// script) is tests/e2e/page-cache.spec.ts.

function request(url: string, init: { cookies?: Record<string, string>; headers?: Record<string, string>; method?: string } = {}): PageRequest {
  const u = new URL(url, "http://localhost");
  const cookies = init.cookies ?? {};
  // what proxy.ts hands over: the location cookie as lib/stores/location.ts reads it
  const chosen = parseLocation(cookies[LOCATION_COOKIE]);
  return {
    method: init.method ?? "GET",
    pathname: u.pathname,
    searchParams: u.searchParams,
    // a browser's page load (tests of other requests override it)
    headers: new Headers({ accept: "text/html,application/xhtml+xml,*/*;q=0.8", ...init.headers }),
    location: chosen && { name: LOCATION_COOKIE, value: serializeLocation(chosen) },
  };
}

const koramangala = JSON.stringify({ pincode: "560095", label: "Home" });

describe("the shopper's own pages rendered through the proxy (scripts after the first paint, never kept)", () => {
  const through = (url: string, init: Parameters<typeof request>[1] = {}, cookie: string | null = "next-auth.session-token=s") =>
    lateScriptPage({ ...request(url, init), search: new URL(url, "http://localhost").search, cookie });

  it("takes the page loads of /cart and /checkout with their whole query and Cookie header", () => {
    expect(through("/cart")).toEqual({ url: "/cart", cookie: "next-auth.session-token=s" });
    expect(through("/checkout?payment=cancelled")).toEqual({ url: "/checkout?payment=cancelled", cookie: "next-auth.session-token=s" });
    expect(through("/cart", {}, null)).toEqual({ url: "/cart", cookie: "" });
  });

  it("leaves every other request to Next as it comes", () => {
    for (const url of ["/", "/user", "/cart/x", "/checkoutx", "/login", "/product/x-prd00001"]) expect(through(url), url).toBeNull();
    expect(through("/cart", { method: "POST" })).toBeNull();
    expect(through("/cart", { headers: { [RENDER_HEADER]: "1" } }), "its own render").toBeNull();
    expect(through("/checkout", { headers: { accept: "*/*" } }), "a client-side navigation").toBeNull();
    expect(through("/checkout", { headers: { "sec-fetch-dest": "empty" } })).toBeNull();
  });
});

describe("which pages the cache answers", () => {
  it("keeps product, listing, home and search pages, keyed by page and location", () => {
    for (const url of ["/", "/product/Amul-Milk-prd00001", "/Dairy-Bread-Eggs-cat01/Milk-sub001", "/search?q=milk"]) {
      expect(cacheablePage(request(url)), url).not.toBeNull();
    }
    const guest = cacheablePage(request("/product/x-prd00001"))!;
    const here = cacheablePage(request("/product/x-prd00001", { cookies: { kw_location: koramangala } }))!;
    expect(here.key).not.toBe(guest.key);
    expect(here.cookie).toBe(`kw_location=${encodeURIComponent(koramangala)}`);
    expect(guest.cookie).toBe("");
    // a hand-edited location cookie is the same as none (the page ignores it too)
    expect(cacheablePage(request("/product/x-prd00001", { cookies: { kw_location: "{bad" } }))!.key).toBe(guest.key);
  });

  it("renders every other page per request", () => {
    for (const url of ["/cart", "/checkout", "/user", "/dashboard/myorders", "/login", "/about", "/partner/invite",
      "/store/invite", "/pay/cs_1", "/product", "/product/a/b", "/a/b/c", "/Dairy-cat01"]) {
      expect(cacheablePage(request(url)), url).toBeNull();
    }
  });

  it("renders per request what is not a page load: other methods, client-side navigations and prefetches, its own render", () => {
    expect(cacheablePage(request("/", { method: "POST" }))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001", { headers: { [RENDER_HEADER]: "1" } }))).toBeNull();
    // Next's router fetches RSC payloads with fetch(): */*, and a fetch is not a document
    expect(cacheablePage(request("/product/x-prd00001", { headers: { accept: "*/*" } }))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001", { headers: { accept: "" } }))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001", { headers: { "sec-fetch-dest": "empty" } }))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001", { headers: { "sec-fetch-dest": "document" } }))).not.toBeNull();
  });

  it("keys only the query parameters a page reads, and renders any other query per request", () => {
    const a = cacheablePage(request("/search?sort=price_asc&q=milk"))!;
    const b = cacheablePage(request("/search?q=milk&sort=price_asc"))!;
    expect(a.key).toBe(b.key);
    expect(a.url).toBe("/search?q=milk&sort=price_asc");
    expect(cacheablePage(request("/search?q=milk&q=bread"))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001?utm_source=x"))).toBeNull();
    expect(cacheablePage(request("/product/x-prd00001?_rsc=abc"))).toBeNull();
    expect(cacheablePage(request("/Dairy-cat01/Milk-sub001?sort=price_desc"))!.url).toBe("/Dairy-cat01/Milk-sub001?sort=price_desc");
  });

  it("knows every top-level route of app/, so a new one is never mistaken for a category", () => {
    const top = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        if (entry.name.startsWith("(")) walk(`${dir}/${entry.name}`);
        else if (!entry.name.startsWith("[") && !entry.name.startsWith("_")) top.add(entry.name);
      }
    };
    walk("app");
    expect([...top].filter((name) => !(TOP_LEVEL_ROUTES as readonly string[]).includes(name))).toEqual([]);
  });
});

describe("inline script hashes", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("hashes each distinct inline script as the browser does, and no script file or empty script", () => {
    const html =
      `<script src="/_next/static/a.js" async=""></script><script nonce="x">self.__next_f.push([1,"ä"])</script>` +
      `<script>(self.__next_f=self.__next_f||[]).push([0])</script><script type="application/ld+json">{"a":1}</script>` +
      `<script></script><script nonce="y">self.__next_f.push([1,"ä"])</script>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha(`self.__next_f.push([1,"ä"])`),
      sha(`(self.__next_f=self.__next_f||[]).push([0])`),
      sha(`{"a":1}`),
    ]);
  });
});

describe("the cache's memory", () => {
  const page = (storeId: string | null, body = "<html></html>"): CachedPage => ({
    status: 200,
    headers: [["content-type", "text/html"]],
    body: Buffer.from(body),
    scriptHashes: [],
    storeId,
    expiresAt: Date.now() + 60_000,
  });

  it("renders a page once however many ask at the same time", async () => {
    clearPages();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return { page: page("main"), keep: true };
    };
    const calls = Array.from({ length: 5 }, () => fillPage("k-once", render));
    expect(calls.filter((c) => c.first)).toHaveLength(1);
    await Promise.all(calls.map((c) => c.rendered));
    expect(renders).toBe(1);
    expect(cachedPage("k-once")).not.toBeNull();
  });

  it("drops a store's pages when its stock changes, every page when the catalogue does, and expired pages", async () => {
    clearPages();
    await fillPage("main-page", async () => ({ page: page("main"), keep: true })).rendered;
    await fillPage("hsr-page", async () => ({ page: page("hsr"), keep: true })).rendered;
    clearPages("hsr");
    expect(cachedPage("main-page")).not.toBeNull();
    expect(cachedPage("hsr-page")).toBeNull();
    clearPages();
    expect(cachedPage("main-page")).toBeNull();

    // past its time: gone (the header's promise must be as fresh as a rendered page's)
    await fillPage("old", async () => ({ page: { ...page("main"), expiresAt: Date.now() - 1 }, keep: true })).rendered;
    expect(cachedPage("old")).toBeNull();
  });

  it("does not keep a render that a change overtook, nor one that must not be kept", async () => {
    clearPages();
    const slow = fillPage("overtaken", async () => {
      await new Promise((r) => setTimeout(r, 20));
      return { page: page("main"), keep: true };
    });
    clearPages("main"); // a sale while the page was rendering
    await slow.rendered;
    expect(cachedPage("overtaken")).toBeNull();
    await fillPage("not-found", async () => ({ page: { ...page("main"), status: 404 }, keep: false })).rendered;
    expect(cachedPage("not-found")).toBeNull();
  });
});

describe("what a render becomes", () => {
  afterEach(() => vi.unstubAllGlobals());
  const options = { policy: (hashes: readonly string[]) => `script-src 'self' ${hashes.join(" ")}`, requestId: "r", origin: "http://localhost" };
  const shell = (tail = "") =>
    `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><main>Milk</main>${tail}<script>self.__next_f.push([1])</script></body></html>`;
  /** the cache's own render answers with these bodies in turn */
  const renders = (...bodies: string[]) => {
    const fetch = vi.fn(async () => new Response(bodies.shift(), { headers: { "content-type": "text/html; charset=utf-8" } }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  };

  it("keeps a warm render, with its script files after the first paint and a policy of its inline scripts' hashes", async () => {
    clearPages();
    renders(shell());
    const first = (await servePage({ key: "warm", url: "/", cookie: "" }, options))!;
    expect(first.headers.get("x-kwikmart-cache")).toBe("MISS");
    const html = await first.text();
    expect(html).not.toContain('<script src="/_next/static/chunks/a.js"');
    expect(html).toContain('"/_next/static/chunks/a.js"'); // in the loader
    expect(first.headers.get("content-security-policy")).toMatch(/'sha256-/);
    expect(cachedPage("warm")).not.toBeNull();
  });

  it("does not keep a render whose parts streamed in one by one (a cold start): its requester gets it as it came", async () => {
    clearPages();
    const cold = shell('<div hidden id="S:3"><p>Row</p></div><script>$RS("S:3","P:3")</script>');
    const fetch = renders(cold, shell());
    const first = (await servePage({ key: "cold", url: "/", cookie: "" }, options))!;
    expect(first.headers.get("x-kwikmart-cache")).toBeNull();
    expect(await first.text()).toBe(cold);
    expect(cachedPage("cold")).toBeNull();
    // the next request renders again, warm, and that one is kept
    expect((await servePage({ key: "cold", url: "/", cookie: "" }, options))!.headers.get("x-kwikmart-cache")).toBe("MISS");
    expect(cachedPage("cold")).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("renders the cart through with the shopper's cookie and keeps nothing", async () => {
    clearPages();
    const fetch = renders(shell());
    const answer = (await serveThrough({ url: "/cart", cookie: "next-auth.session-token=s" }, options))!;
    expect(answer.headers.get("x-kwikmart-cache")).toBe("PASS");
    expect(await answer.text()).not.toContain('<script src="/_next/static/chunks/a.js"');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).cookie).toBe("next-auth.session-token=s");
  });
});
