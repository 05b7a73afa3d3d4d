// Which page requests the shared page cache (./serve.ts) may answer, and under what key. Pure: the proxy bundle and
// the unit tests load it. Issue 19 item 1: product, listing, home and search-result pages are rendered once per
// (page, location) and then served from memory; every other page (cart, checkout, account, dashboard, auth…) still
// renders per request with its own nonce.
//
// The key is the page (path and the query parameters the page reads) and the shopper's location cookie, normalised:
// the cached HTML names the place in the header ("Delivery in 11 minutes · Koramangala, 560034") and shows its
// store's stock, so it is shared by everyone who chose the same place. The session never enters the HTML of these
// pages: the header's account corner, the cart, the ADD quantities and home's "Buy again" row are read in the browser.

/** The header a page render made by the cache itself carries, so the proxy lets it through to Next. */
export const RENDER_HEADER = "x-kwikmart-page-render";

/**
 * First path segments that are not a category: every top-level route of app/ (a unit test compares the list with the
 * directory). A two-segment path under any other first segment is a listing, /{category-slug}/{subcategory-slug}.
 */
export const TOP_LEVEL_ROUTES = [
  "_next",
  "about",
  "api",
  "cancel",
  "cart",
  "checkout",
  "dashboard",
  "dev",
  "email-change-undone",
  "forgot-password",
  "login",
  "media",
  "partner",
  "pay",
  "privacy",
  "product",
  "register",
  "reset-password",
  "search",
  "store",
  "success",
  "terms",
  "user",
  "verification-otp",
] as const;
const TOP_LEVEL = new Set<string>(TOP_LEVEL_ROUTES);

type Kind = "home" | "listing" | "product" | "search";

/** The query parameters each cached page reads; a request with any other parameter is rendered per request. */
const PARAMS: Record<Kind, readonly string[]> = {
  home: [],
  listing: ["sort"],
  product: [],
  search: ["q", "sort"],
};

function kindOf(pathname: string): Kind | null {
  if (pathname === "/") return "home";
  if (pathname === "/search") return "search";
  const parts = pathname.split("/");
  // "", first, second: exactly two non-empty segments
  if (parts.length !== 3 || !parts[1] || !parts[2]) return null;
  if (parts[1] === "product") return "product";
  return TOP_LEVEL.has(parts[1]) ? null : "listing";
}

export type PageRequest = {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  headers: { get(name: string): string | null };
  /** the shopper's location cookie, normalised (lib/stores/location.ts); null before one is chosen or when malformed */
  location: { name: string; value: string } | null;
};

export type CacheablePage = {
  key: string;
  /** the Cookie header of the cache's own render: the location cookie only ("" before a location is chosen) */
  cookie: string;
  /** the path and query the cache renders (the page's parameters only, in a fixed order) */
  url: string;
};

/** A browser's page load (not a render of the cache's own, not a client-side navigation or prefetch). */
function isPageLoad(req: PageRequest): boolean {
  if (req.method !== "GET" || req.headers.get(RENDER_HEADER) !== null) return false;
  // Next hides the RSC headers and the `_rsc` parameter of its client-side navigations and prefetches from the
  // proxy, but those fetches accept */* and are not documents.
  if (!/\btext\/html\b/i.test(req.headers.get("accept") ?? "")) return false;
  const dest = req.headers.get("sec-fetch-dest");
  return dest === null || dest === "document";
}

/** The cache key of a page request, or null when it must be rendered for this request. */
export function cacheablePage(req: PageRequest): CacheablePage | null {
  if (!isPageLoad(req)) return null;
  const kind = kindOf(req.pathname);
  if (!kind) return null;

  const allowed = PARAMS[kind];
  const query = new URLSearchParams();
  for (const name of new Set(req.searchParams.keys())) {
    const values = req.searchParams.getAll(name);
    if (!allowed.includes(name) || values.length !== 1) return null;
  }
  for (const name of allowed) {
    const value = req.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }

  const search = query.toString();
  const url = search ? `${req.pathname}?${search}` : req.pathname;
  const { location } = req;
  return {
    key: `${url}\n${location?.value ?? ""}`,
    cookie: location ? `${location.name}=${encodeURIComponent(location.value)}` : "",
    url,
  };
}

/**
 * The shopper's own pages that are rendered per request and still have their script files loaded after the first
 * paint (./late-scripts.ts): the cart and checkout carry the shopper's lines and bill in their HTML, and on a slow
 * phone their paint should not wait for ~150 kB of script either. Rendered through the proxy like a cache fill, never
 * kept.
 */
const LATE_SCRIPT_PAGES = new Set(["/cart", "/checkout"]);

export type ThroughPage = { url: string; cookie: string };

/** The render-through of a per-request page load (its whole Cookie header goes along), or null for every other request. */
export function lateScriptPage(req: PageRequest & { cookie: string | null; search: string }): ThroughPage | null {
  if (!LATE_SCRIPT_PAGES.has(req.pathname) || !isPageLoad(req)) return null;
  return { url: `${req.pathname}${req.search}`, cookie: req.cookie ?? "" };
}
