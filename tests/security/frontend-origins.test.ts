import { describe, expect, it } from "vitest";
import { subCategoryFormSchema } from "@/lib/catalog/admin/schemas";
import { corsOrigin, isPreflight, preflightResponse } from "@/lib/http/cors";
import { absoluteMediaUrls, relativeMediaUrls } from "@/lib/http/media-urls";
import { hasCrossSiteOrigin, parseOrigins, siteOf } from "@/lib/http/origin-list";
import { isCrossSiteCookieRequest } from "@/lib/http/same-origin";

// Issue 15 F2/F3/F4, the pure parts: which origins FRONTEND_URL names and which site each is on (SameSite), CORS only
// for them, the cross-site guard trusting them for /api only, picture URLs at the REST edge, id lists as objects.

const APP = "http://localhost:3000";
const SPA = "https://spa.example";

describe("FRONTEND_URL", () => {
  it("is a list of origins; blanks, junk and other schemes are ignored, paths dropped", () => {
    expect(parseOrigins(undefined)).toEqual([]);
    expect(
      parseOrigins(
        " https://spa.example/app/ , http://localhost:5173,not a url,ftp://x.example,https://spa.example",
      ),
    ).toEqual(["https://spa.example", "http://localhost:5173"]);
  });

  it("sites are scheme plus registrable domain; ports never count", () => {
    expect(siteOf("https://shop.example.com")).toBe("https://example.com");
    expect(siteOf("https://a.b.example.co.uk")).toBe("https://example.co.uk");
    expect(siteOf("http://localhost:5173")).toBe("http://localhost");
    expect(siteOf("http://127.0.0.1:3000")).toBe("http://127.0.0.1");
    expect(hasCrossSiteOrigin("https://shop.example.com", ["https://spa.example.com"])).toBe(false);
    expect(hasCrossSiteOrigin("https://shop.example.com", ["https://spa.other.net"])).toBe(true);
    expect(hasCrossSiteOrigin("https://shop.example.com", ["http://spa.example.com"])).toBe(true); // schemeful
    expect(hasCrossSiteOrigin("http://localhost:3000", ["http://localhost:5173"])).toBe(false);
  });
});

describe("CORS", () => {
  const request = (origin: string, method = "OPTIONS", asked?: string) =>
    new Request(`${APP}/api/cart/create`, {
      method,
      headers: {
        origin,
        "access-control-request-method": "POST",
        ...(asked ? { "access-control-request-headers": asked } : {}),
      },
    });

  it("answers only FRONTEND_URL's origins, exactly", () => {
    expect(corsOrigin(request(SPA), [SPA])).toBe(SPA);
    for (const other of ["https://spa.example.evil", "http://spa.example", "https://evil.example", "null"]) {
      expect(corsOrigin(request(other), [SPA]), other).toBeNull();
    }
    expect(corsOrigin(request(SPA), [])).toBeNull();
    expect(isPreflight(request(SPA))).toBe(true);
    expect(isPreflight(request(SPA, "POST"))).toBe(false);
  });

  it("a preflight is 204 with the origin echoed, credentials, methods, headers and Vary", () => {
    const answer = preflightResponse(request(SPA, "OPTIONS", "content-type, x-custom, bad header!"), SPA);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe(SPA);
    expect(answer.headers.get("access-control-allow-credentials")).toBe("true");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
    const allowed = answer.headers.get("access-control-allow-headers")!.split(", ");
    expect(allowed).toEqual(
      expect.arrayContaining(["Content-Type", "Authorization", "Idempotency-Key", "x-custom"]),
    );
    expect(allowed).not.toContain("bad header!");
    expect(answer.headers.get("vary")).toMatch(/^Origin\b/);
  });
});

describe("the cross-site guard and FRONTEND_URL", () => {
  const write = (path: string, headers: Record<string, string>) =>
    new Request(`${APP}${path}`, { method: "POST", headers: { host: "localhost:3000", ...headers } });

  it("trusts FRONTEND_URL's origins for /api calls with any credential cookie, and nobody else", () => {
    for (const cookie of ["accessToken=a", "refreshToken=r", "km_reset=g", "next-auth.session-token=s"]) {
      expect(
        isCrossSiteCookieRequest(write("/api/cart/create", { cookie, origin: SPA }), APP, [SPA]),
        cookie,
      ).toBe(false);
      expect(
        isCrossSiteCookieRequest(write("/api/cart/create", { cookie, origin: SPA }), APP, []),
        cookie,
      ).toBe(true);
      expect(
        isCrossSiteCookieRequest(write("/api/cart/create", { cookie, origin: "https://evil.example" }), APP, [
          SPA,
        ]),
        cookie,
      ).toBe(true);
    }
    // pages and server actions are never posted from another front end
    expect(
      isCrossSiteCookieRequest(
        write("/checkout", { cookie: "next-auth.session-token=s", origin: SPA }),
        APP,
        [SPA],
      ),
    ).toBe(true);
  });

  it("lets a bearer token through with cookies beside it: no browser sends one from another site unasked", () => {
    const request = write("/api/cart/create", {
      cookie: "accessToken=a",
      origin: "https://evil.example",
      authorization: "Bearer x.y.z",
    });
    expect(isCrossSiteCookieRequest(request, APP, [])).toBe(false);
    const basic = write("/api/cart/create", {
      cookie: "accessToken=a",
      origin: "https://evil.example",
      authorization: "Basic eDp5",
    });
    expect(isCrossSiteCookieRequest(basic, APP, [])).toBe(true);
  });
});

describe("picture URLs at the REST edge", () => {
  it("own paths become absolute on APP_URL in the picture fields only", () => {
    const payload = {
      data: [
        {
          _id: "1",
          name: "/media/catalog/not-a-picture",
          image: ["/media/catalog/a.webp", "https://cdn.example/b.webp"],
        },
        {
          image: "/media/uploads/catalog/c.webp",
          avatar: "",
          productId: { image: ["/media/catalog/d.webp"] },
        },
      ],
      url: "/media/uploads/catalog/e.webp",
      when: new Date(0),
    };
    const out = absoluteMediaUrls(payload, "https://shop.example/base");
    expect(out).toEqual({
      data: [
        {
          _id: "1",
          name: "/media/catalog/not-a-picture",
          image: ["https://shop.example/media/catalog/a.webp", "https://cdn.example/b.webp"],
        },
        {
          image: "https://shop.example/media/uploads/catalog/c.webp",
          avatar: "",
          productId: { image: ["https://shop.example/media/catalog/d.webp"] },
        },
      ],
      url: "https://shop.example/media/uploads/catalog/e.webp",
      when: new Date(0),
    });
    expect(payload.data[0]!.image[0]).toBe("/media/catalog/a.webp"); // a copy: the domain's data is untouched
  });

  it("absolute URLs of the shop's own pictures sent back become paths; anything else is left to the schemas", () => {
    const body = JSON.parse(
      '{"image":["http://localhost:3000/media/catalog/a.webp","https://evil.example/media/x.webp","http://localhost:3000/media/x.webp?y=1"],"__proto__":{"image":"http://localhost:3000/media/catalog/p.webp"},"avatar":"http://localhost:3000/elsewhere.png"}',
    ) as Record<string, unknown>;
    const out = relativeMediaUrls(body, [APP]);
    expect(out.image).toEqual([
      "/media/catalog/a.webp",
      "https://evil.example/media/x.webp",
      "http://localhost:3000/media/x.webp?y=1",
    ]);
    expect(out.avatar).toBe("http://localhost:3000/elsewhere.png");
    // a __proto__ key stays a plain field: no prototype is changed
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).image).toBeUndefined();
  });
});

describe("id lists (F2)", () => {
  const base = { name: "Sub", image: "/media/catalog/s.webp" };
  const id = "ckcategory0000000000000001";

  it("take ids, {_id, name} records, or both, and store each id once", () => {
    const parsed = subCategoryFormSchema.parse({
      ...base,
      category: [{ _id: id, name: "Dairy" }, id, { _id: id }],
    });
    expect(parsed.category).toEqual([id]);
  });

  it("refuse anything else with a message saying what is accepted", () => {
    for (const category of [[{ name: "x" }], [7], [null], [[id]], "not a list"]) {
      const result = subCategoryFormSchema.safeParse({ ...base, category });
      expect(result.success, JSON.stringify(category)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(
        "category must be a list of ids or of {_id, name} objects",
      );
    }
  });
});
