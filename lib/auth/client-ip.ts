import "server-only";
import { forwardedList, trustedEntry, trustedProxies } from "@/lib/http/forwarded";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function read(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The caller's address for the per-address rate limits. With no proxy in front (TRUST_PROXY=0, the default), `npm
 * start` replaces whatever X-Forwarded-For the client sent with the socket's address (scripts/peer-address.cjs), so the
 * last entry is the caller. Behind TRUST_PROXY proxies it is the entry the outermost of them appended
 * (lib/http/forwarded.ts): taking the first entry would let a client choose its own address and escape the limits.
 * Per-account limits never depend on the address.
 */
export function clientIp(headers: HeaderBag): string {
  const chain = forwardedList(read(headers, "x-forwarded-for"));
  const proxies = trustedProxies();
  const entry = proxies === 0 ? chain.at(-1) : trustedEntry(chain, proxies);
  if (entry) return entry.slice(0, 64);
  // X-Real-IP is a proxy's header; with no proxy in front the client wrote it
  const real = proxies > 0 ? read(headers, "x-real-ip")?.trim() : undefined;
  if (real) return real.slice(0, 64);
  return "unknown";
}
