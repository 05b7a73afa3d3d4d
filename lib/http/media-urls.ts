// Image URLs at the REST edge. The shop stores its own pictures as paths (`/media/catalog/…`, `/media/uploads/…`), which
// its own pages show at whatever host they were opened at. A REST client on another origin (the seed's SPA on
// FRONTEND_URL) or a mobile app has no such base, so REST answers carry them absolute, on APP_URL; and what such a
// client sends back (an uploaded image's URL in a product form) is turned into the stored path again, so the shop
// keeps owning, resizing and deleting it. Only the fields that hold pictures are touched.

/** The fields of the contract that hold a picture URL or a list of them. */
const IMAGE_KEYS = new Set(["image", "images", "avatar", "url"]);
const OWN_MEDIA = /^\/media\//;

function mapImages(value: unknown, convert: (url: string) => string): unknown {
  if (typeof value === "string") return convert(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? convert(v) : v));
  return value;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Walks plain JSON (arrays and plain objects; anything else, a Date say, is kept as it is); `convert` is applied to
 * the strings of the picture fields. Copies rather than mutates, and defines keys so that a `__proto__` key from a
 * client's JSON stays a plain field.
 */
function walk(value: unknown, convert: (url: string) => string, depth = 0): unknown {
  if (depth > 40 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, convert, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const next = IMAGE_KEYS.has(key) ? mapImages(child, convert) : child;
    Object.defineProperty(out, key, {
      value: walk(next, convert, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Every own picture path in `payload` made absolute on `base` (APP_URL): `/media/x.webp` → `https://shop/media/x.webp`. */
export function absoluteMediaUrls<T>(payload: T, base: string): T {
  const origin = new URL(base).origin;
  return walk(payload, (url) => (OWN_MEDIA.test(url) ? `${origin}${url}` : url)) as T;
}

/**
 * Every picture URL in a client's `body` that points at the shop's own /media on one of `origins` (APP_URL's, the
 * request's own) turned back into the path the shop stores. Other URLs are left for the schemas to judge.
 */
export function relativeMediaUrls<T>(body: T, origins: readonly string[]): T {
  const own = new Set(origins);
  return walk(body, (url) => {
    if (!/^https?:\/\//i.test(url)) return url;
    try {
      const parsed = new URL(url);
      if (!own.has(parsed.origin) || !OWN_MEDIA.test(parsed.pathname) || parsed.search || parsed.hash)
        return url;
      return parsed.pathname;
    } catch {
      return url;
    }
  }) as T;
}
