import { afterEach, describe, expect, it, vi } from "vitest";
import { isCrossSiteCookieRequest, requestOrigins } from "@/lib/http/same-origin";

// Next hands the proxy a request.url on the host it listens on (localhost:3000), whatever Host the browser used:
// the request's own origin must come from the Host header, and from X-Forwarded-* only behind a trusted proxy.
const APP_URL = "http://localhost:3000";
const cookie = "next-auth.session-token=anything";

function post(headers: Record<string, string>, path = "/") {
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers: { cookie, ...headers } });
}

afterEach(() => vi.unstubAllEnvs());

describe("requestOrigins", () => {
  it("is the Host the browser used, not the address Next listens on", () => {
    expect(requestOrigins(post({ host: "127.0.0.1:3000" }))).toEqual(["http://127.0.0.1:3000"]);
    expect(requestOrigins(post({ host: "192.168.1.20:3000" }))).toEqual(["http://192.168.1.20:3000"]);
  });

  it("ignores X-Forwarded-Host and -Proto without TRUST_PROXY (the client wrote them)", () => {
    vi.stubEnv("TRUST_PROXY", "");
    const forged = post({ host: "shop.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(requestOrigins(forged)).toEqual(["http://shop.example"]);
  });

  it("adds the host and scheme the trusted proxy wrote when TRUST_PROXY is set", () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const proxied = post({ host: "app:3000", "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" });
    expect(requestOrigins(proxied)).toEqual(["http://app:3000", "https://shop.example"]);
    // a client-written value before the proxy's own is not believed
    const chained = post({
      host: "app:3000",
      "x-forwarded-host": "evil.example, shop.example",
      "x-forwarded-proto": "http, https",
    });
    expect(requestOrigins(chained)).toEqual(["http://app:3000", "https://shop.example"]);
  });
});

describe("isCrossSiteCookieRequest at any host", () => {
  it("never refuses a same-origin request, whatever host the shop is opened at", () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "192.168.1.20:3000", "[::1]:3000"]) {
      const origin = `http://${host}`;
      expect(isCrossSiteCookieRequest(post({ host, origin }), APP_URL)).toBe(false);
      expect(isCrossSiteCookieRequest(post({ host, origin }, "/api/cart/create"), APP_URL)).toBe(false);
      expect(isCrossSiteCookieRequest(post({ host, referer: `${origin}/cart` }), APP_URL)).toBe(false);
    }
  });

  it("still refuses a cross-site one, at any host", () => {
    expect(isCrossSiteCookieRequest(post({ host: "127.0.0.1:3000", origin: "http://evil.example" }), APP_URL)).toBe(
      true,
    );
    expect(isCrossSiteCookieRequest(post({ host: "localhost:3000", origin: "http://127.0.0.1:3000" }), APP_URL)).toBe(
      true,
    );
    expect(isCrossSiteCookieRequest(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:4000" }), APP_URL)).toBe(
      true,
    );
  });

  it("does not let a forged X-Forwarded-Host vouch for another origin without TRUST_PROXY", () => {
    vi.stubEnv("TRUST_PROXY", "0");
    const forged = post({ host: "localhost:3000", "x-forwarded-host": "evil.example", origin: "http://evil.example" });
    expect(isCrossSiteCookieRequest(forged, APP_URL)).toBe(true);
  });

  it("accepts the proxy's public host behind TRUST_PROXY, and APP_URL always", () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const proxied = post({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "shop.example",
      "x-forwarded-proto": "https",
      origin: "https://shop.example",
    });
    expect(isCrossSiteCookieRequest(proxied, APP_URL)).toBe(false);
    expect(isCrossSiteCookieRequest(post({ host: "10.0.0.5:3000", origin: APP_URL }), APP_URL)).toBe(false);
    // the proxy's host does not make its plain-http twin trusted
    const downgraded = { ...Object.fromEntries(proxied.headers), origin: "http://shop.example" };
    expect(isCrossSiteCookieRequest(post(downgraded), APP_URL)).toBe(true);
  });
});
