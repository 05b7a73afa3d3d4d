import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/components/auth/safe-callback";

// Issue 20 #2: the login callback must never send the browser to another host. The red team's vectors normalised
// (dot segments, backslashes, %2e) into `//evil.example/...`, which a browser reads as a protocol-relative URL.

const ORIGIN = "http://localhost:3000";

/** What a browser does with the answer: resolve it against the page it is on. */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/login`).origin;

const HOSTILE = [
  "/.//evil.example/phish",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e%2e//evil.example",
  "/a/%2e%2e//evil.example",
  "/x/../\\evil.example",
  "/x/..\\/evil.example",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/..//evil.example",
  "/../../\\evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%252F%252Fevil.example",
  "/%255C/evil.example",
  "/%2e/%2F/evil.example",
  "https://evil.example/",
  "http://evil.example",
  "//evil.example/%2e%2e",
  "javascript:alert(1)",
  "data:text/html,x",
  "http:evil.example",
  "http://localhost:3000@evil.example/",
  "http://localhost:3000.evil.example/",
  "/%",
];

describe("safeCallbackPath (issue 20 #2)", () => {
  it.each(HOSTILE)("sends %j home", (raw) => {
    const path = safeCallbackPath(raw, ORIGIN);
    expect(path).toBe("/");
  });

  it("never answers a path a browser would read as another host, whatever the vector", () => {
    // dot segments, slashes and backslashes in every short combination before the host
    const parts = ["/", "\\", ".", "..", "%2e", "%2E", "%2e%2e", "%2F", "%5C", "a"];
    const seen: string[] = [];
    const walk = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const part of parts) {
        const raw = `/${prefix}${part}/evil.example/phish`;
        const path = safeCallbackPath(raw, ORIGIN);
        if (!path.startsWith("/") || /^[/\\][/\\]/.test(path) || landsOn(path) !== ORIGIN)
          seen.push(`${raw} -> ${path}`);
        walk(`${prefix}${part}`, depth - 1);
      }
    };
    walk("", 4);
    expect(seen).toEqual([]);
  });

  it("keeps same-origin paths, with their query and hash, and own absolute URLs", () => {
    expect(safeCallbackPath("/checkout", ORIGIN)).toBe("/checkout");
    expect(safeCallbackPath("/dashboard/myorders/KM-2611-4F7Q?x=1#top", ORIGIN)).toBe(
      "/dashboard/myorders/KM-2611-4F7Q?x=1#top",
    );
    expect(safeCallbackPath("/a/../checkout", ORIGIN)).toBe("/checkout");
    expect(safeCallbackPath("/search?q=%2F%2Fmilk", ORIGIN)).toBe("/search?q=%2F%2Fmilk");
    expect(safeCallbackPath(`${ORIGIN}/user`, ORIGIN)).toBe("/user");
    expect(safeCallbackPath("/pay/cs_test_123", ORIGIN)).toBe("/pay/cs_test_123");
  });

  it("refuses the auth screens (a loop), empty and oversized values", () => {
    expect(safeCallbackPath("/login", ORIGIN)).toBe("/");
    expect(safeCallbackPath("/register?x=1", ORIGIN)).toBe("/");
    expect(safeCallbackPath("/x/../reset-password", ORIGIN)).toBe("/");
    expect(safeCallbackPath("", ORIGIN)).toBe("/");
    expect(safeCallbackPath(null, ORIGIN)).toBe("/");
    expect(safeCallbackPath(`/${"a".repeat(2001)}`, ORIGIN)).toBe("/");
  });

  it("is safe with the default origin too (the server-side redirect of a signed-in visitor)", () => {
    for (const raw of HOSTILE) expect(safeCallbackPath(raw), raw).toBe("/");
    expect(safeCallbackPath("/checkout")).toBe("/checkout");
  });
});
