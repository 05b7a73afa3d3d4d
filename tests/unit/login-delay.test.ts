import { describe, expect, it } from "vitest";
import { loginDelayMs, MAX_DELAY_MS } from "@/lib/accounts/login-delay";

describe("loginDelayMs (finding #7: slow down, never lock the owner out)", () => {
  it("waits nothing for the first failures, then doubles, and never more than the cap", () => {
    expect([0, 4].map(loginDelayMs)).toEqual([0, 0]);
    expect([5, 6, 7, 9].map(loginDelayMs)).toEqual([100, 200, 400, 1_600]);
    expect(loginDelayMs(40)).toBe(MAX_DELAY_MS);
    expect(loginDelayMs(100_000)).toBe(MAX_DELAY_MS);
  });
});
