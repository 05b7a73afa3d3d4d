// The Content-Security-Policy of every page, built per request by proxy.ts: with a fresh nonce for a page rendered for
// this request, with the hashes of its inline scripts for a page served from the page cache (lib/page-cache).
// No `server-only` import: the proxy bundle loads this module too. Pure, so tests can read the policy directly.

export type CspOptions = {
  /** base64 of 16 random bytes, new for every request; absent on a cached page, which lists `scriptHashes` instead */
  nonce?: string;
  /** 'sha256-…' sources of every inline script of a cached page (lib/page-cache/script-hashes.ts) */
  scriptHashes?: readonly string[];
  /** `next dev`: React rebuilds server error stacks with eval() */
  dev: boolean;
  /** APP_URL is https: ask the browser to upgrade any stray http subresource */
  https: boolean;
  /** UPLOADTHING_TOKEN is set: catalogue images live on UploadThing's file hosts */
  uploadThing: boolean;
  /** MAP_TILE_URL, when its tiles come over plain http (https: and data: tiles are allowed anyway) */
  mapTiles?: string | undefined;
};

/** The origin to allow for map tiles served over plain http (a local tile server), else null. */
export function httpTileOrigin(template: string | undefined): string | null {
  if (!template?.startsWith("http://")) return null;
  try {
    return new URL(template.replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return null;
  }
}

/** Where UploadThing serves files: `https://<app>.ufs.sh/f/<key>`, or the older `https://utfs.io/f/<key>`. */
export const UPLOADTHING_IMAGE_SOURCES = ["https://*.ufs.sh", "https://utfs.io"] as const;

/** A nonce for one response: 128 random bits in base64 (what the CSP grammar's nonce-source allows). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Who may run scripts. A rendered page: the scripts carrying this request's nonce, and what they load
 * ('strict-dynamic'). A cached page: its own inline scripts by hash, and script files from this origin only.
 * 'strict-dynamic' cannot be used with hashes here: it would drop 'self', and Next's async chunk tags carry neither a
 * nonce of this response nor an integrity hash (docs/spikes/cached-pages-csp.md).
 */
function scriptSources(nonce: string | undefined, hashes: readonly string[] | undefined): string[] {
  if (nonce) return ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  return ["'self'", ...(hashes ?? [])];
}

export function contentSecurityPolicy({ nonce, scriptHashes, dev, https, uploadThing, mapTiles }: CspOptions): string {
  const tiles = httpTileOrigin(mapTiles);
  const directives: string[][] = [
    ["default-src", "'self'"],
    // Next puts the nonce on its bootstrap, inline flight-data and chunk scripts (it reads it from the policy on
    // the request); 'strict-dynamic' lets those load the route chunks they import. No 'unsafe-eval' outside dev.
    ["script-src", ...scriptSources(nonce, scriptHashes), ...(dev ? ["'unsafe-eval'"] : [])],
    // Styles need 'unsafe-inline': sonner adds its stylesheet as a <style> element at import time, with no way to
    // pass a nonce, and the server HTML carries style="" attributes (sonner's toaster variables, Next's route
    // announcer), which a nonce cannot cover at all; a nonce listed here would also switch 'unsafe-inline' off.
    // Inline CSS cannot run code, so scripts stay nonce-only.
    ["style-src", "'self'", "'unsafe-inline'"],
    // The shop's own /media routes; data: and blob: for the upload previews; https: because a catalogue image may be
    // any https URL a REST client gave (decisions of issue 6). Images cannot run code; scripts stay nonce-only.
    ["img-src", "'self'", "data:", "blob:", "https:", ...(uploadThing ? UPLOADTHING_IMAGE_SOURCES : []), ...(tiles ? [tiles] : [])],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    // Every form of the shop posts through fetch or a server action to this origin. Card payments leave for Stripe's
    // hosted checkout by `location.assign(url)` (or go to the local /pay page), a navigation, not a form submission.
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ...(https ? [["upgrade-insecure-requests"]] : []),
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}
