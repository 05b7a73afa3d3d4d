import { describe, expect, it } from "vitest";
import { landingPath } from "@/components/auth/safe-callback";

// Issue 17: after login a delivery partner lands in the partner app, and a shopper or admin never does.

describe("landingPath", () => {
  it("takes a partner to /partner, keeping a callback under /partner", () => {
    expect(landingPath("PARTNER", undefined)).toBe("/partner");
    expect(landingPath("PARTNER", "/partner/today?tab=cash")).toBe("/partner/today?tab=cash");
    expect(landingPath("PARTNER", "/partner")).toBe("/partner");
  });

  it("drops a partner's callback to the shop, the dashboard, the invitation page or another host", () => {
    for (const raw of ["/", "/checkout", "/dashboard/delivery-partners", "/partnership", "/partner/invite/abc", "//evil.example/partner"])
      expect(landingPath("PARTNER", raw)).toBe("/partner");
  });

  it("never takes a shopper or an admin into the partner app", () => {
    expect(landingPath("USER", "/partner")).toBe("/");
    expect(landingPath("ADMIN", "/partner/today")).toBe("/");
    expect(landingPath("USER", "/checkout")).toBe("/checkout");
    expect(landingPath("ADMIN", "/dashboard/product")).toBe("/dashboard/product");
    expect(landingPath(null, "/partnership")).toBe("/partnership");
  });

  it("takes store staff to /store, keeping a callback under /store (issue 16)", () => {
    expect(landingPath("STAFF", undefined)).toBe("/store");
    expect(landingPath("STAFF", "/store?store=main")).toBe("/store?store=main");
    for (const raw of ["/", "/checkout", "/dashboard/orders", "/partner", "/storefront", "/store/invite/abc", "//evil.example/store"])
      expect(landingPath("STAFF", raw)).toBe("/store");
  });

  it("never takes a shopper to the store's screen; an admin may go there", () => {
    expect(landingPath("USER", "/store")).toBe("/");
    expect(landingPath("PARTNER", "/store")).toBe("/partner");
    expect(landingPath("ADMIN", "/store?store=koramangala")).toBe("/store?store=koramangala");
    expect(landingPath("ADMIN", undefined)).toBe("/");
  });
});
