// Lists of web origins (FRONTEND_URL's) and the "site" each belongs to, as pure functions of their text.
// No `server-only` import and no environment read: proxy.ts loads this module and passes FRONTEND_URL in itself;
// server code reads it through frontend-origins.ts.

/**
 * The origins of a comma-separated list of URLs: unset, blank or malformed entries give nothing; paths are dropped
 * (`https://spa.example/app` → `https://spa.example`); only http and https.
 */
export function parseOrigins(value: string | undefined): string[] {
  const out: string[] = [];
  for (const entry of (value ?? "").split(",")) {
    const text = entry.trim();
    if (!text) continue;
    try {
      const url = new URL(text);
      if ((url.protocol === "http:" || url.protocol === "https:") && !out.includes(url.origin))
        out.push(url.origin);
    } catch {
      // not a URL: ignored rather than trusted
    }
  }
  return out;
}

// Second-level labels under which registries sell names (example.co.uk, example.com.au): there the site is the last
// three labels. Without a full public-suffix list a rare suffix is taken for a name and two front ends under it look
// like different sites, which only means SameSite=None where Lax would have done; never the other way round.
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "ne", "or", "go"]);

function isIpHost(host: string): boolean {
  return host.startsWith("[") || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The "site" of an origin as browsers see it for SameSite (schemeful same-site): the scheme plus the registrable
 * domain (`https://shop.example.com` → `https://example.com`); an IP address or a one-label host (localhost) is its
 * own site. Ports do not count.
 */
export function siteOf(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (isIpHost(host)) return `${url.protocol}//${host}`;
  const labels = host.split(".").filter(Boolean);
  if (labels.length <= 2) return `${url.protocol}//${labels.join(".")}`;
  const tld = labels.at(-1)!;
  const second = labels.at(-2)!;
  const take = tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return `${url.protocol}//${labels.slice(-take).join(".")}`;
}

/** True when one of `origins` is on another site than `appUrl`. */
export function hasCrossSiteOrigin(appUrl: string, origins: readonly string[]): boolean {
  const shop = siteOf(appUrl);
  return origins.some((origin) => siteOf(origin) !== shop);
}
