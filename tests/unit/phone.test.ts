import { describe, expect, it } from "vitest";
import { mobileField, normalisePhone, PHONE_MESSAGE } from "@/lib/phone";

describe("normalisePhone", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["+919876543210", "9876543210"],
    ["09876543210", "9876543210"],
    ["919876543210", "9876543210"],
    ["  98765-43210 ", "9876543210"],
    ["(+91) 6000 000 000", "6000000000"],
    ["7000000000", "7000000000"],
  ])("accepts %j as %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    "",
    "12345",
    "5876543210", // Indian mobiles start with 6–9
    "98765432101",
    "+1 9876543210",
    "+91 98765 4321",
    "98765abcde",
    "009876543210",
  ])("refuses %j", (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe("mobileField", () => {
  it("yields 10 digits and accepts a bare number", () => {
    expect(mobileField.parse("+91 98765 43210")).toBe("9876543210");
    expect(mobileField.parse(9876543210)).toBe("9876543210");
  });

  it("explains what is wrong", () => {
    expect(mobileField.safeParse("12").error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    expect(mobileField.safeParse("").error?.issues[0]?.message).toBe("Mobile is required");
    expect(mobileField.safeParse(undefined).error?.issues[0]?.message).toBe("Mobile is required");
  });
});
