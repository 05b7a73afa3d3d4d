import { afterEach, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/user/logout/route";
import { POST as refreshRoute } from "@/app/api/user/refresh-token/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { flushMail } from "@/lib/mail";
import { CROSS_SITE_MESSAGE } from "@/lib/http/same-origin";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Issue 20 #11: GET /api/user/logout fired by another site (an <img>, a link) must not log anyone out. GET stays
// for the seed's SPA; it acts only for the shop itself, FRONTEND_URL, or a caller with a bearer token.

const PASSWORD = "logout csrf 1";
const SESSION = "next-auth.session-token=abc.def.ghi";

afterEach(() => {
  delete process.env.FRONTEND_URL;
});

async function loggedIn() {
  const email = uniqueEmail("logout");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Ira",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { accesstoken: string; refreshToken: string };
}

const refreshWorks = async (refreshToken: string) =>
  (await call(refreshRoute, "POST", "/api/user/refresh-token", { refreshToken })).status === 200;

/** A browser's request to the shop at http://localhost:3000 (its Host), with these extra headers. */
function browser(method: "GET" | "POST", headers: Record<string, string>, body?: unknown) {
  const h = new Headers({ host: "localhost:3000", "x-forwarded-for": "10.9.8.7", ...headers });
  if (body !== undefined) h.set("content-type", "application/json");
  return new Request("http://localhost:3000/api/user/logout", {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function send(request: Request) {
  const handler = request.method === "GET" ? logoutGet : logoutPost;
  const response = await handler(request, { params: Promise.resolve({}) } as never);
  return { status: response.status, body: await response.json(), cookies: response.headers.getSetCookie() };
}

afterEach(flushMail);

describe("GET /api/user/logout from another site (issue 20 #11)", () => {
  const CROSS_SITE: [string, Record<string, string>][] = [
    [
      "an <img> on https (Sec-Fetch-Site, Referer)",
      { "sec-fetch-site": "cross-site", referer: "https://evil.example/x" },
    ],
    ["an <img> with no referrer", { "sec-fetch-site": "cross-site" }],
    ["a sibling site", { "sec-fetch-site": "same-site", referer: "http://blog.localhost:3000/" }],
    ["a cross-origin fetch", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["a sandboxed frame", { origin: "null" }],
    ["a link over plain http (Referer only)", { referer: "http://evil.example/page" }],
    ["a no-referrer link over plain http (no signal at all)", {}],
  ];

  it.each(CROSS_SITE)("refuses %s with 403 and clears nothing", async (_label, headers) => {
    const res = await send(browser("GET", { cookie: SESSION, ...headers }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: true, message: CROSS_SITE_MESSAGE });
    expect(res.cookies).toEqual([]);
  });

  it("refuses a cross-site POST too", async () => {
    const tokens = await loggedIn();
    const res = await send(
      browser(
        "POST",
        { cookie: SESSION, origin: "https://evil.example" },
        { refreshToken: tokens.refreshToken },
      ),
    );
    expect(res.status).toBe(403);
    expect(res.cookies).toEqual([]);
    expect(await refreshWorks(tokens.refreshToken)).toBe(true);
  });
});

describe("logout from the shop, FRONTEND_URL or a REST client", () => {
  it.each([
    ["a same-origin fetch", { "sec-fetch-site": "same-origin" }],
    ["a typed URL", { "sec-fetch-site": "none" }],
    ["the shop's own page (Referer, plain http)", { referer: "http://localhost:3000/dashboard/profile" }],
    ["APP_URL's origin", { origin: "http://localhost:3000" }],
  ])("acts for %s", async (_label, headers) => {
    const res = await send(browser("GET", { cookie: SESSION, ...headers }));
    expect(res.status).toBe(200);
    expect(res.cookies.map((c) => c.split("=")[0])).toContain("next-auth.session-token");
  });

  it("acts for the request's own host even when APP_URL names another", async () => {
    const request = browser("GET", {
      cookie: SESSION,
      host: "192.168.1.20:3000",
      referer: "http://192.168.1.20:3000/",
    });
    expect((await send(request)).status).toBe(200);
  });

  it("acts for an origin listed in FRONTEND_URL (GET with Origin, or a link with its Referer), not for others", async () => {
    const cross = { cookie: SESSION, "sec-fetch-site": "cross-site" };
    expect((await send(browser("GET", { ...cross, origin: "https://spa.example" }))).status).toBe(403);
    process.env.FRONTEND_URL = " https://other.example ,https://spa.example/app, not a url";
    expect((await send(browser("GET", { ...cross, origin: "https://spa.example" }))).status).toBe(200);
    expect((await send(browser("GET", { ...cross, referer: "https://other.example/bye" }))).status).toBe(200);
    expect((await send(browser("GET", { ...cross, origin: "https://spa.example.evil" }))).status).toBe(403);
    expect((await send(browser("GET", { ...cross, origin: "http://spa.example" }))).status).toBe(403);
  });

  it("acts for a bearer token from anywhere, and revokes its refresh family", async () => {
    const tokens = await loggedIn();
    const res = await send(
      browser("GET", { authorization: `Bearer ${tokens.accesstoken}`, origin: "https://evil.example" }),
    );
    expect(res.status).toBe(200);
    expect(await refreshWorks(tokens.refreshToken)).toBe(false);
  });

  it("acts for a client with no cookies and no browser headers (a body refresh token)", async () => {
    const tokens = await loggedIn();
    const res = await send(browser("POST", {}, { refreshToken: tokens.refreshToken }));
    expect(res.status).toBe(200);
    expect(await refreshWorks(tokens.refreshToken)).toBe(false);
    expect((await send(browser("GET", {}))).status).toBe(200); // nothing to end, still safe to repeat
  });
});
