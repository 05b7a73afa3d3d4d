import { createRequire } from "node:module";
import path from "node:path";
import { decode } from "next-auth/jwt";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { PUT as changePasswordRoute } from "@/app/api/user/change-password/route";
import { DELETE as deleteAccountRoute } from "@/app/api/user/delete-account/route";
import { GET as logoutRoute } from "@/app/api/user/logout/route";
import { POST as logoutAllRoute } from "@/app/api/user/logout-all/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { getAuthOptions } from "@/lib/accounts/auth-options";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { call, randomIp, uniqueEmail } from "../fakes/accounts-api";
import { webSessionToken } from "../integration/web-session-token";

// Issue 20 #3: logout must end a web session. The next-auth session is a JWT cookie; each one now names a server-side
// WebSession row, checked wherever the viewer is resolved, so a copied cookie stops working at logout (ours and
// next-auth's sign-out), password change, logout everywhere and account deletion, and a session ends after 14 days
// idle or 30 days in all.

const PASSWORD = "web session password 1";
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => vi.useRealTimers());
afterAll(flushMail);

type Cookie = { name: string; value: string; options?: Record<string, unknown> };
type Internal = { status?: number; body?: unknown; cookies?: Cookie[]; redirect?: string };

/** next-auth's core handler, as the /api/auth route runs it (not in the package's exports: loaded by path). */
async function auth(
  action: string,
  init: {
    method?: string;
    providerId?: string;
    body?: Record<string, string>;
    cookies?: Record<string, string>;
  } = {},
): Promise<Internal> {
  const { AuthHandler } = createRequire(import.meta.url)(
    path.resolve("node_modules/next-auth/core/index.js"),
  ) as {
    AuthHandler: (params: unknown) => Promise<unknown>;
  };
  return (await AuthHandler({
    req: {
      action,
      providerId: init.providerId,
      method: init.method ?? "GET",
      body: init.body,
      cookies: init.cookies ?? {},
      headers: {
        host: "localhost:3000",
        "x-forwarded-for": randomIp(),
        "user-agent": "Session Test Browser/1.0",
        "content-type": "application/x-www-form-urlencoded",
      },
      query: {},
    },
    options: getAuthOptions(),
  })) as Internal;
}

async function csrf() {
  const answer = await auth("csrf");
  return {
    cookie: answer.cookies!.find((c) => c.name === "next-auth.csrf-token")!.value,
    token: (answer.body as { csrfToken: string }).csrfToken,
  };
}

async function register() {
  const email = uniqueEmail("websession");
  const res = await call(registerRoute, "POST", "/api/user/register", {
    name: "Sana",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(res.status, res.body.message).toBe(201);
  return { email, id: (res.body.data as { _id: string })._id };
}

/** Signs in through next-auth (the web app's login form) and returns the session cookie's value. */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const { cookie, token } = await csrf();
  const answer = await auth("callback", {
    method: "POST",
    providerId: "credentials",
    body: { email, password, csrfToken: token, json: "true" },
    cookies: { "next-auth.csrf-token": cookie },
  });
  const session = answer.cookies?.find((c) => c.name === "next-auth.session-token" && c.value);
  expect(session, JSON.stringify(answer)).toBeDefined();
  return session!.value;
}

const asCookie = (jwt: string) => `next-auth.session-token=${jwt}`;
const details = (jwt: string) =>
  call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { cookie: asCookie(jwt) });
const sidOf = async (jwt: string) =>
  (await decode({ token: jwt, secret: process.env.NEXTAUTH_SECRET! }))!.sid as string;
const row = async (jwt: string) => prisma.webSession.findUniqueOrThrow({ where: { id: await sidOf(jwt) } });

describe("a web session has a server-side id", () => {
  it("sign-in creates a WebSession row that the cookie names, with 30 days to live", async () => {
    const { email, id } = await register();
    const before = Date.now();
    const jwt = await signIn(email);
    const session = await row(jwt);
    expect(session).toMatchObject({ userId: id, revokedAt: null, userAgent: "Session Test Browser/1.0" });
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    expect((await details(jwt)).status).toBe(200);
    // every sign-in is a session of its own
    expect(await sidOf(await signIn(email))).not.toBe(session.id);
  });

  it("a cookie that names no session (encoded without one, or made up) is no session", async () => {
    const { id } = await register();
    const { encode } = await import("next-auth/jwt");
    const user = await prisma.user.findUniqueOrThrow({ where: { id } });
    const secret = process.env.NEXTAUTH_SECRET!;
    const bare = await encode({ token: { sub: id, sv: user.sessionVersion }, secret });
    expect((await details(bare)).status).toBe(401);
    const invented = await encode({
      token: { sub: id, sv: user.sessionVersion, sid: "c0000000000000000000000000" },
      secret,
    });
    expect((await details(invented)).status).toBe(401);
    // another user's live session id inside a token for this user is refused too
    const other = await register();
    const theirs = await sidOf(await webSessionToken(other.id));
    const mixed = await encode({ token: { sub: id, sv: user.sessionVersion, sid: theirs }, secret });
    expect((await details(mixed)).status).toBe(401);
  });
});

describe("a copied session cookie stops working", () => {
  it("after GET /api/user/logout", async () => {
    const { id } = await register();
    const jwt = await webSessionToken(id); // as edge-security.test.ts encodes one, naming a fresh session
    const copy = jwt;
    expect((await details(jwt)).status).toBe(200);
    const out = await call(logoutRoute, "GET", "/api/user/logout", undefined, {
      cookie: asCookie(jwt),
      headers: SAME_ORIGIN,
    });
    expect(out.status).toBe(200);
    expect((await details(copy)).status).toBe(401);
    expect((await row(copy)).revokedAt).not.toBeNull();
    // next-auth's own session read of the copy answers no session and clears the cookie
    const read = await auth("session", { cookies: { "next-auth.session-token": copy } });
    expect(read.body).toEqual({});
  });

  it("after next-auth's sign-out (the web app's Logout button)", async () => {
    const { email } = await register();
    const jwt = await signIn(email);
    expect((await details(jwt)).status).toBe(200);
    const { cookie, token } = await csrf();
    const out = await auth("signout", {
      method: "POST",
      body: { csrfToken: token },
      cookies: { "next-auth.csrf-token": cookie, "next-auth.session-token": jwt },
    });
    expect(out.cookies?.find((c) => c.name === "next-auth.session-token")?.options).toMatchObject({
      maxAge: 0,
    });
    expect((await details(jwt)).status).toBe(401);
    expect((await row(jwt)).revokedAt).not.toBeNull();
  });

  it("only for the session that logged out: the same account's other sessions go on", async () => {
    const { email } = await register();
    const [phone, laptop] = [await signIn(email), await signIn(email)];
    await call(logoutRoute, "GET", "/api/user/logout", undefined, {
      cookie: asCookie(phone),
      headers: SAME_ORIGIN,
    });
    expect((await details(phone)).status).toBe(401);
    expect((await details(laptop)).status).toBe(200);
  });

  it("after a password change, logout everywhere or account deletion, on every device (rows revoked too)", async () => {
    const { email, id } = await register();
    const [a, b] = [await signIn(email), await signIn(email)];
    const changed = await call(
      changePasswordRoute,
      "PUT",
      "/api/user/change-password",
      {
        currentPassword: PASSWORD,
        newPassword: "web session password 2",
        confirmPassword: "web session password 2",
      },
      { cookie: asCookie(a), headers: SAME_ORIGIN },
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect((await details(a)).status).toBe(401);
    expect((await details(b)).status).toBe(401);
    expect((await row(a)).revokedAt).not.toBeNull();
    expect((await row(b)).revokedAt).not.toBeNull();

    const c = await signIn(email, "web session password 2");
    expect((await details(c)).status).toBe(200);
    const all = await call(logoutAllRoute, "POST", "/api/user/logout-all", undefined, {
      cookie: asCookie(c),
      headers: SAME_ORIGIN,
    });
    expect(all.status).toBe(200);
    expect((await details(c)).status).toBe(401);
    expect((await row(c)).revokedAt).not.toBeNull();

    const d = await signIn(email, "web session password 2");
    const deleted = await call(
      deleteAccountRoute,
      "DELETE",
      "/api/user/delete-account",
      { password: "web session password 2" },
      {
        cookie: asCookie(d),
        headers: SAME_ORIGIN,
      },
    );
    expect(deleted.status, deleted.body.message).toBe(200);
    expect((await details(d)).status).toBe(401);
    expect(await prisma.webSession.count({ where: { userId: id, revokedAt: null } })).toBe(0);
  });
});

describe("how long a web session lasts", () => {
  it("ends after 14 days without a request, and 30 days after sign-in whatever the use", async () => {
    const { email } = await register();
    const jwt = await signIn(email);
    const sid = await sidOf(jwt);

    await prisma.webSession.update({
      where: { id: sid },
      data: { lastSeenAt: new Date(Date.now() - 13 * DAY) },
    });
    expect((await details(jwt)).status).toBe(200);
    // that request counted as use: the idle clock starts again
    expect(Date.now() - (await row(jwt)).lastSeenAt.getTime()).toBeLessThan(60_000);

    await prisma.webSession.update({
      where: { id: sid },
      data: { lastSeenAt: new Date(Date.now() - 15 * DAY) },
    });
    expect((await details(jwt)).status).toBe(401);

    const fresh = await signIn(email);
    await prisma.webSession.update({
      where: { id: await sidOf(fresh) },
      data: { lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await details(fresh)).status).toBe(401);
  });

  it("writes lastSeenAt at most every few minutes, not on every request", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { email } = await register();
    const jwt = await signIn(email);
    const signedInAt = (await row(jwt)).lastSeenAt.getTime();
    for (let i = 0; i < 3; i++) expect((await details(jwt)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    expect((await details(jwt)).status).toBe(200);
    expect((await row(jwt)).lastSeenAt.getTime()).toBe(signedInAt);
    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    expect((await details(jwt)).status).toBe(200);
    expect((await row(jwt)).lastSeenAt.getTime()).toBe(Date.now());
  });
});
