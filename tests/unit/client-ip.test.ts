import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp } from "@/lib/auth/client-ip";

const xff = (value: string) => new Headers({ "x-forwarded-for": value });

afterEach(() => vi.unstubAllEnvs());

describe("clientIp (the address the per-address rate limits count)", () => {
  it("with no proxy in front (the default), is the socket address npm start wrote, never a client's X-Real-IP", () => {
    vi.stubEnv("TRUST_PROXY", "");
    // scripts/peer-address.cjs has replaced the client's header with the socket address: one entry
    expect(clientIp(xff("127.0.0.1"))).toBe("127.0.0.1");
    expect(clientIp(new Headers({ "x-real-ip": "192.0.2.9" }))).toBe("unknown");
  });

  it("behind one proxy, is the address that proxy appended, not what the client wrote before it", () => {
    vi.stubEnv("TRUST_PROXY", "1");
    expect(clientIp(xff("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(xff("1.1.1.1, 2.2.2.2, 198.51.100.4"))).toBe("198.51.100.4");
  });

  it("with TRUST_PROXY=2 (a CDN before the load balancer), is the second entry from the end", () => {
    vi.stubEnv("TRUST_PROXY", "2");
    expect(clientIp(xff("6.6.6.6, 198.51.100.4, 10.0.0.2"))).toBe("198.51.100.4");
    // a shorter chain than expected: the first entry is all there is
    expect(clientIp(xff("198.51.100.4"))).toBe("198.51.100.4");
  });

  it("treats a nonsensical TRUST_PROXY as no proxy and skips empty entries", () => {
    vi.stubEnv("TRUST_PROXY", "lots");
    expect(clientIp(xff("1.1.1.1, , 198.51.100.4 ,"))).toBe("198.51.100.4");
    expect(clientIp(new Headers({ "x-real-ip": "192.0.2.9" }))).toBe("unknown");
  });

  it("behind a proxy, falls back to X-Real-IP, then to one shared bucket", () => {
    vi.stubEnv("TRUST_PROXY", "1");
    expect(clientIp(new Headers({ "x-real-ip": "192.0.2.9" }))).toBe("192.0.2.9");
    expect(clientIp(new Headers())).toBe("unknown");
    expect(clientIp({ "x-forwarded-for": ["192.0.2.1, 192.0.2.2"] })).toBe("192.0.2.2");
  });
});
