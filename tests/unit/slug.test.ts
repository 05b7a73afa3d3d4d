import { describe, expect, it } from "vitest";
import { idFromSlug, listingPath, productPath, slugify } from "@/lib/slug";

describe("slugs", () => {
  it("replace spaces, commas and ampersands with hyphens", () => {
    expect(slugify("Dairy, Bread & Eggs")).toBe("Dairy-Bread-Eggs");
    expect(slugify("Atta, Rice & Dal")).toBe("Atta-Rice-Dal");
  });

  it("build the spec's paths", () => {
    expect(productPath("Amul Taaza Toned Milk", "prd1")).toBe("/product/Amul-Taaza-Toned-Milk-prd1");
    expect(listingPath({ name: "Dairy, Bread & Eggs", id: "cat01" }, { name: "Milk", id: "sub001" })).toBe(
      "/Dairy-Bread-Eggs-cat01/Milk-sub001",
    );
  });

  it("take the id from the last dash-separated segment", () => {
    expect(idFromSlug("Dairy-Bread-Eggs-cat01")).toBe("cat01");
    expect(idFromSlug("cat01")).toBe("cat01");
    expect(idFromSlug("Milk-")).toBeNull();
    expect(idFromSlug("Milk-%27%3B--")).toBeNull();
  });
});
