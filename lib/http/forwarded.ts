// Which X-Forwarded-* values the shop may believe. TRUST_PROXY is the number of proxies in front of the shop (0 by
// default: browsers talk to `npm start` directly). Each proxy appends what it saw to the end of a forwarded list and
// anything the client wrote stays in front, so the value to believe is the one the outermost of our proxies wrote:
// TRUST_PROXY entries from the end. With no proxy, the client wrote every X-Forwarded-* header and none is believed.
// No `server-only` import: proxy.ts loads this module too.

/** How many proxies in front of the shop write X-Forwarded-* headers (TRUST_PROXY, default 0, at most 10). */
export function trustedProxies(): number {
  const raw = process.env.TRUST_PROXY?.trim();
  if (!raw) return 0;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** The entries of a comma-separated forwarded header, trimmed, empty ones dropped. */
export function forwardedList(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The entry the outermost trusted proxy wrote: `proxies` from the end (the first one when the list is shorter).
 * Undefined for an empty list or when no proxy is trusted.
 */
export function trustedEntry(list: string[], proxies = trustedProxies()): string | undefined {
  if (proxies < 1 || list.length === 0) return undefined;
  return list[Math.max(0, list.length - proxies)];
}
