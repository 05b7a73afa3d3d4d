import "server-only";

/**
 * The origins named by FRONTEND_URL: a comma-separated list of the other web front ends (e.g. the seed's SPA) allowed
 * to use the shop's API from a browser. Unset, blank or malformed entries give nothing; paths are dropped
 * (`https://spa.example/app` → `https://spa.example`). Read on each call, so tests and restarts see changes.
 */
export function frontendOrigins(value: string | undefined = process.env.FRONTEND_URL): string[] {
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
