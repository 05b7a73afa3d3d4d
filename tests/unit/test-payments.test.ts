import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cardPaymentMode, cardPaymentsAvailable, paymentProvider } from "@/lib/payments";
import { testPaymentsAllowed } from "@/lib/payments/test-payments";

// Security finding #1: the local test checkout (paid with one click, no money) only on a laptop's demo shop or
// where an operator allows it by name; without it and without both Stripe keys, no card payments at all.

beforeEach(() => {
  for (const name of [
    "ALLOW_TEST_PAYMENTS",
    "KWIKMART_EMBEDDED_DB",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
  ]) {
    vi.stubEnv(name, "");
  }
  vi.stubEnv("APP_URL", "http://localhost:3000");
});
afterEach(() => vi.unstubAllEnvs());

describe("testPaymentsAllowed", () => {
  it("is off by default, even on a loopback APP_URL", () => {
    expect(testPaymentsAllowed()).toBe(false);
  });

  it("is on for the embedded demo database served at a loopback APP_URL", () => {
    vi.stubEnv("KWIKMART_EMBEDDED_DB", "1");
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:3210",
      "http://[::1]:3000/",
      "http://LOCALHOST",
    ]) {
      vi.stubEnv("APP_URL", url);
      expect(testPaymentsAllowed(), url).toBe(true);
    }
  });

  it("is off for the embedded database at any other APP_URL", () => {
    vi.stubEnv("KWIKMART_EMBEDDED_DB", "1");
    for (const url of [
      "https://shop.example",
      "http://localhost.shop.example",
      "http://192.168.1.20:3000",
      "http://10.0.0.1",
      "not a url",
    ]) {
      vi.stubEnv("APP_URL", url);
      expect(testPaymentsAllowed(), url).toBe(false);
    }
  });

  it("is on wherever ALLOW_TEST_PAYMENTS=1, and only for exactly 1", () => {
    vi.stubEnv("APP_URL", "https://shop.example");
    vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");
    expect(testPaymentsAllowed()).toBe(true);
    for (const value of ["0", "true", "yes", ""]) {
      vi.stubEnv("ALLOW_TEST_PAYMENTS", value);
      expect(testPaymentsAllowed(), value).toBe(false);
    }
  });
});

describe("cardPaymentMode", () => {
  it("is Stripe with both keys, whatever else is set", () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_x");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_x");
    vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");
    expect(cardPaymentMode()).toBe("stripe");
  });

  it("is the local test checkout only where test payments are allowed", () => {
    vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");
    expect(cardPaymentMode()).toBe("local");
    expect(paymentProvider().kind).toBe("local");
  });

  it("is none without both keys and without test payments: paymentProvider refuses with a 503", () => {
    for (const [key, secret] of [
      ["", ""],
      ["sk_test_x", ""],
      ["", "whsec_x"],
    ]) {
      vi.stubEnv("STRIPE_SECRET_KEY", key!);
      vi.stubEnv("STRIPE_WEBHOOK_SECRET", secret!);
      expect(cardPaymentMode()).toBeNull();
      expect(cardPaymentsAvailable()).toBe(false);
      expect(() => paymentProvider()).toThrow(
        expect.objectContaining({
          code: "UNAVAILABLE",
          status: 503,
          message: "Card payments are not available on this shop right now. Choose cash on delivery.",
        }),
      );
    }
  });
});
