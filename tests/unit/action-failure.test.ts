import { describe, expect, it } from "vitest";
import { actionError } from "@/lib/action-failure";
import { AppError, GENERIC_FAILURE_MESSAGE, UNAVAILABLE_MESSAGE } from "@/lib/errors";

// What every server action (cart, addresses, orders, admin, accounts) tells the shopper when it fails.
describe("actionError", () => {
  it("keeps an AppError as it is: its message and field messages reach the form", () => {
    const error = new AppError("VALIDATION", "Pincode is required", { fieldErrors: { pincode: ["Required"] } });
    expect(actionError(error, "address action")).toBe(error);
  });

  it("says the shop is briefly unavailable while the database cannot be reached", () => {
    const down = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" });
    const error = actionError(down, "cart action");
    expect([error.code, error.status, error.message]).toEqual(["UNAVAILABLE", 503, UNAVAILABLE_MESSAGE]);
  });

  it("hides anything else behind the generic message", () => {
    const error = actionError(new TypeError("cannot read properties of undefined (reading 'id')"), "admin action");
    expect([error.code, error.status, error.message]).toEqual(["INTERNAL", 500, GENERIC_FAILURE_MESSAGE]);
  });
});
