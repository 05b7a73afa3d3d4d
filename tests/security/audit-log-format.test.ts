import { describe, expect, it } from "vitest";
import { changedFields, describeChanges, formatAuditValue } from "@/lib/audit/changes";

// The audit log's before → after as an admin reads it (lib/audit/changes.ts).

describe("changedFields", () => {
  it("keeps only what changed, on both sides", () => {
    expect(
      changedFields(
        { pricePaise: 4950, discount: 10, stock: 3 },
        { pricePaise: 5500, discount: 10, stock: 3 },
        ["pricePaise", "discount"],
      ),
    ).toEqual({ before: { pricePaise: 4950 }, after: { pricePaise: 5500 } });
    expect(changedFields({ stock: 3 }, { stock: 3 }, ["stock"])).toBeNull();
    expect(changedFields({ tags: ["a", "b"] }, { tags: ["a", "b"] }, ["tags"])).toBeNull();
    expect(changedFields({ tags: ["a"] }, { tags: ["a", "b"] }, ["tags"])).toEqual({
      before: { tags: ["a"] },
      after: { tags: ["a", "b"] },
    });
  });
});

describe("describeChanges", () => {
  it("names fields plainly and formats money, percentages, switches and statuses", () => {
    expect(
      describeChanges(
        { pricePaise: 4950, discount: 10, isAvailable: false, status: "OUT_FOR_DELIVERY", role: "USER" },
        { pricePaise: 5500, discount: 15, isAvailable: true, status: "DELIVERED", role: "ADMIN" },
      ),
    ).toEqual([
      { field: "price", from: "₹49.50", to: "₹55" },
      { field: "discount", from: "10%", to: "15%" },
      { field: "availability", from: "Busy", to: "Available" },
      { field: "status", from: "Out for delivery", to: "Delivered" },
      { field: "role", from: "User", to: "Admin" },
    ]);
  });

  it("shows a creation and a removal against a dash", () => {
    expect(describeChanges({}, { name: "Milk", categories: ["Dairy", "Breakfast"] })).toEqual([
      { field: "name", from: "—", to: "Milk" },
      { field: "categories", from: "—", to: "Dairy, Breakfast" },
    ]);
    expect(describeChanges({ name: "Milk" }, {})).toEqual([{ field: "name", from: "Milk", to: "—" }]);
    expect(describeChanges(null, "not an object")).toEqual([]);
  });

  it("keeps names as typed and cuts long text", () => {
    expect(formatAuditValue("name", "AMUL GOLD")).toBe("AMUL GOLD");
    expect(formatAuditValue("subCategories", [])).toBe("none");
    expect(formatAuditValue("moreDetails", { Brand: "Pailful" })).toBe("Brand: Pailful");
    const long = formatAuditValue("description", "x".repeat(500));
    expect(long).toHaveLength(160);
    expect(long.endsWith("…")).toBe(true);
  });
});
