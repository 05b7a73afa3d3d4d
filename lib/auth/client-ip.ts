import "server-only";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function read(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The caller's IP for rate limits: the first `x-forwarded-for` entry, else `x-real-ip`, else "unknown".
 * These headers are only trustworthy behind a proxy that sets them (as every deployment of the shop has);
 * exposed directly, a client could rotate them, so per-account limits never depend on the IP.
 */
export function clientIp(headers: HeaderBag): string {
  const forwarded = read(headers, "x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const real = read(headers, "x-real-ip")?.trim();
  if (real) return real.slice(0, 64);
  return "unknown";
}
