import { describe, expect, it } from "vitest";
import { assertStorableText, findBadText, jsonDepthOver } from "@/lib/http/json-guard";

// The checks every REST body and server-action input goes through before any schema (lib/http/json-guard.ts).

describe("jsonDepthOver", () => {
  it("counts nesting of arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthOver('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthOver('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthOver(JSON.stringify({ a: "[[[[[[{{{{{{", b: '\\"[[[[' }), 1)).toBe(false);
    expect(jsonDepthOver("[".repeat(10_000) + "]".repeat(10_000), 32)).toBe(true);
  });
});

describe("findBadText", () => {
  it("finds NUL characters and lone surrogates in values and keys, with their path", () => {
    expect(findBadText({ a: ["ok", { b: "x\u0000y" }] })).toEqual({
      path: "a.1.b",
      message: "must not contain NUL characters",
    });
    expect(findBadText({ name: "a\ud800b" })).toEqual({
      path: "name",
      message: "must be valid Unicode text",
    });
    expect(findBadText({ name: "\udc00" })?.path).toBe("name");
    expect(findBadText({ "k\u0000": 1 })?.message).toBe("field names must not contain NUL characters");
    expect(findBadText("\u0000")?.path).toBe("body");
  });

  it("accepts ordinary text, emoji (surrogate pairs), numbers and nulls", () => {
    expect(findBadText({ a: "🛒👩‍👩‍👧 ₹ é", b: [1, null, true], c: { "<script>": "' OR 1=1" } })).toBeUndefined();
  });

  it("throws a 400 AppError naming the field", () => {
    expect(() => assertStorableText({ city: "Pune\u0000" })).toThrow(
      expect.objectContaining({ status: 400, message: "city must not contain NUL characters" }),
    );
  });
});
