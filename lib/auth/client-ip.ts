import "server-only";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function read(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** How many proxies in front of the shop append to X-Forwarded-For (TRUST_PROXY, default 1). */
function trustedProxies(): number {
  const n = Number(process.env.TRUST_PROXY || 1);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
}

/**
 * The caller's address for the per-address rate limits. Each proxy appends the address it received the request from
 * to X-Forwarded-For, and whatever the client sent comes first, so the address to trust is the one written by the
 * outermost proxy we run: TRUST_PROXY entries from the end (1: a single nginx or load balancer; 2: a CDN in front of
 * it). Taking the first entry would let a client choose its own address and escape the limits. `next start` fills the
 * header with the socket's address when it arrives empty. Per-account limits never depend on the address.
 */
export function clientIp(headers: HeaderBag): string {
  const chain = (read(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length) return chain[Math.max(0, chain.length - trustedProxies())]!.slice(0, 64);
  const real = read(headers, "x-real-ip")?.trim();
  if (real) return real.slice(0, 64);
  return "unknown";
}
