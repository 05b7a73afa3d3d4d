import { describe, expect, it } from "vitest";
import { generateOtp, hashOtp, otpMatches } from "@/lib/accounts/otp";

const secret = "unit-test-secret";

describe("password-reset codes", () => {
  it("are six digits, zero-padded, and vary", () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // leading zeros appear (~10% of codes) rather than being dropped
    expect(codes.some((c) => c.startsWith("0"))).toBe(true);
  });

  it("are stored as a keyed hash, never as the code", () => {
    const hash = hashOtp("user1", "123456", secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("123456");
    expect(hashOtp("user1", "123456", secret)).toBe(hash);
    expect(hashOtp("user1", "123456", "another-secret")).not.toBe(hash);
  });

  it("match only the right code for the right account", () => {
    const hash = hashOtp("user1", "123456", secret);
    expect(otpMatches("user1", "123456", hash, secret)).toBe(true);
    expect(otpMatches("user1", "123457", hash, secret)).toBe(false);
    expect(otpMatches("user2", "123456", hash, secret)).toBe(false);
    expect(otpMatches("user1", "123456", "not-hex", secret)).toBe(false);
  });
});
