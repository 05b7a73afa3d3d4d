import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

// Where proxy.ts runs (its CSP nonce, the cross-site check and the account-page redirect), checked with Next's own
// matcher logic. The proxy's behaviour itself, and the JSON API's edge in the route wrapper, are tested in
// tests/integration/edge-security.test.ts.

const runs = (url: string, headers: Record<string, string> = {}) =>
  unstable_doesMiddlewareMatch({ config, url, headers });

describe("proxy matcher", () => {
  it("runs on pages (account pages included), NextAuth's routes and CORS preflights", () => {
    for (const url of [
      "/",
      "/cart",
      "/about",
      "/privacy",
      "/terms",
      "/login",
      "/user",
      "/dashboard",
      "/dashboard/profile",
      "/dashboard/myorders/KM-2611-4F7Q",
      "/product/Pailful-Full-Cream-Milk-prd00002",
      "/search?q=milk",
      "/pay/cs_123",
      "/no-such-page",
      "/api/auth/session",
    ]) {
      expect(runs(url), url).toBe(true);
    }
    expect(runs("/api/cart/create", { "access-control-request-method": "POST" })).toBe(true);
  });

  it("leaves the JSON API to its route wrapper (issue 19: the proxy cost REST reads 5-27 % of their throughput)", () => {
    for (const url of [
      "/api/cart/create",
      "/api/order/webhook",
      "/api/product/get",
      "/api/order/events",
      "/api/health",
    ]) {
      expect(runs(url), url).toBe(false);
    }
  });

  it("leaves build assets, images and the /media routes alone", () => {
    for (const url of [
      "/_next/static/chunks/main.js",
      "/_next/static/media/inter-latin.woff2",
      "/_next/image?url=%2Ficon.svg&w=64&q=75",
      "/media/catalog/1f95b-pouch-e85d04-1.webp",
      "/media/uploads/catalog/0123456789abcdef0123456789abcdef.webp",
      "/media/uploads/avatars/0123456789abcdef0123456789abcdef.webp",
      "/icon.svg",
      "/logo.svg",
      "/favicon.ico",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      expect(runs(url), url).toBe(false);
    }
  });
});
