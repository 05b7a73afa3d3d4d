import path from "node:path";
import type { NextConfig } from "next";
import { addCompileHints } from "./scripts/compile-hints.mjs";

const https = (process.env.APP_URL ?? "").startsWith("https://");

// Sent with every response, static files included. The Content-Security-Policy needs a fresh nonce per request,
// so proxy.ts sets it on pages and API answers (lib/http/csp.ts); X-Frame-Options stays for browsers that predate
// its frame-ancestors 'none'. Geolocation is allowed for the shop's own pages ("Use my current location", issue 16)
// and nobody else's frames; browsers give positions only to secure origins (https or localhost).
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self), payment=(), usb=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(https ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next's own cache with a hook for expiring tags announced by other instances (cache-handler.mjs, lib/cache-bus)
  cacheHandler: path.resolve(process.cwd(), "cache-handler.mjs"),
  reactStrictMode: true,
  // Server-side packages that must not be bundled (native code or runtime file lookups).
  serverExternalPackages: ["sharp"],
  compiler: {
    // client chunks compiled off the main thread in Chrome (scripts/compile-hints.mjs)
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
    },
  },
  experimental: {
    serverActions: { bodySizeLimit: "6mb" },
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
