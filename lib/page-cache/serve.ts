import { NextResponse } from "next/server";
import { RENDER_HEADER, type CacheablePage, type ThroughPage } from "./routes";
import { loadScriptsAfterFirstPaint } from "./late-scripts";
import { inlineScriptHashes } from "./script-hashes";
import { cachedPage, fillPage, pageTtlMs, type CachedPage, type Rendered } from "./store";

// The proxy's side of the page cache: answers a cacheable page request (./routes.ts) from memory, or renders the page
// once by asking this same server for it (with RENDER_HEADER, which the proxy lets through to Next) and keeps the
// HTML with its inline-script hashes. The page's policy is then built from those hashes
// (lib/http/csp.ts); the nonce Next wrote into the HTML during that render is inert under it.

/** Headers of the render that are not the page's own: per response, per connection, or rewritten here. */
const NOT_KEPT = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "x-request-id",
]);

// what ShopShell writes on <main>: the store whose stock the page shows, so that store's stock changes clear it
const STORE_MARK = /<main\b[^>]*\sdata-store="([a-z0-9-]{1,32})"/;

const RENDER_TIMEOUT_MS = 15_000;

export type ServeOptions = {
  /** the policy for a page whose inline scripts have these hashes */
  policy: (scriptHashes: readonly string[]) => string;
  requestId: string;
  /** the origin of the proxy's request URL: Next's proxy adapter needs a redirect's Location absolute, and makes it
   * relative again when it names this origin */
  origin: string;
};

/** The response for a cacheable page, or null: render it for this request as any other page. */
export async function servePage(page: CacheablePage, options: ServeOptions): Promise<NextResponse | null> {
  const hit = cachedPage(page.key);
  if (hit) return respond(hit, "HIT", options);
  const fill = fillPage(page.key, () => render(page));
  const rendered = await fill.rendered;
  if (!rendered) return null;
  if (rendered.keep) return respond(rendered.page, "MISS", options);
  // not a page to keep (a 404, a redirect to the canonical address): its requester gets the render as it came,
  // nonce policy included; requests that waited on it render their own
  return fill.first ? passThrough(rendered.page, options) : null;
}

/**
 * A per-request page (./routes.ts, lateScriptPage) rendered through this server so that its script files load after
 * the first paint, with the policy of its own inline scripts' hashes; null: render it for this request as it comes.
 */
export async function serveThrough(page: ThroughPage, options: ServeOptions): Promise<NextResponse | null> {
  const rendered = await render(page);
  if (!rendered) return null;
  // a redirect, an error page or an answer that sets a cookie goes on as it came, with the nonce policy of its render
  return rendered.keep ? respond(rendered.page, "PASS", options) : passThrough(rendered.page, options);
}

function respond(page: CachedPage, state: "HIT" | "MISS" | "PASS", options: ServeOptions): NextResponse {
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", options.policy(page.scriptHashes));
  headers.set("X-Request-Id", options.requestId);
  headers.set("X-Kwikmart-Cache", state);
  headers.set("Vary", "Cookie");
  // Next compresses it on the way out, as any page (it drops an encoding set here)
  return new NextResponse(new Uint8Array(page.body), { status: page.status, headers });
}

function passThrough(page: CachedPage, { requestId, origin }: ServeOptions): NextResponse {
  const headers = new Headers(page.headers);
  headers.set("X-Request-Id", requestId);
  const location = headers.get("location");
  if (location) headers.set("location", new URL(location, origin).toString());
  return new NextResponse(page.status === 204 || page.status === 304 ? null : new Uint8Array(page.body), {
    status: page.status,
    headers,
  });
}

/**
 * A render whose parts came after its shell one by one (React's `$RS` moves each into place), as when the catalogue
 * caches are cold after a start: four times a warm render's size, and served from memory its segment scripts failed
 * in the browser to find their places ("Cannot read properties of null (reading 'parentNode')" on the first visit to
 * a fresh server's home page; streamed by Next they do not). It goes to its requester as it came; the next request
 * renders warm and is kept.
 */
const streamedLate = (html: string) => html.includes('$RS("');

/** This server's own address: the cache renders through it, never through the Host a client sent. */
function selfOrigin(): string {
  return `http://127.0.0.1:${process.env.PORT || 3000}`;
}

async function render(request: ThroughPage): Promise<Rendered | null> {
  let response: Response;
  let html: string;
  try {
    response = await fetch(selfOrigin() + request.url, {
      headers: {
        [RENDER_HEADER]: "1",
        accept: "text/html",
        "accept-encoding": "identity",
        ...(request.cookie ? { cookie: request.cookie } : {}),
      },
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    html = await response.text();
  } catch (error) {
    // the request then renders for itself, as if there were no cache
    console.error(`page cache: could not render ${request.url}: ${error instanceof Error ? error.message : error}`);
    return null;
  }
  const kept = response.status === 200 && !response.headers.has("set-cookie") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") && !streamedLate(html);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!kept || !NOT_KEPT.has(name)) headers.push([name, value]);
  });
  if (!kept) {
    const body = Buffer.from(html, "utf8");
    const page = { status: response.status, headers, body, scriptHashes: [], storeId: null, expiresAt: 0 };
    return { page, keep: false };
  }
  html = loadScriptsAfterFirstPaint(html);
  const page: CachedPage = {
    status: 200,
    headers,
    body: Buffer.from(html, "utf8"),
    scriptHashes: inlineScriptHashes(html),
    storeId: STORE_MARK.exec(html)?.[1] ?? null,
    expiresAt: Date.now() + pageTtlMs(),
  };
  return { page, keep: true };
}
