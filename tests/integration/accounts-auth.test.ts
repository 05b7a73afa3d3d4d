import { createRequire } from "node:module";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterAll, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { GET as logoutRoute, POST as logoutPostRoute } from "@/app/api/user/logout/route";
import { POST as logoutAllRoute } from "@/app/api/user/logout-all/route";
import { POST as refreshRoute } from "@/app/api/user/refresh-token/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { GET as verifyEmailRoute } from "@/app/api/user/verify-email/route";
import { getAuthOptions } from "@/lib/accounts/auth-options";
import { getViewer, requireAdmin, requireUser } from "@/lib/auth/viewer";
import { startWebSession } from "@/lib/auth/web-sessions";
import { prisma } from "@/lib/db";
import { handle, ok } from "@/lib/http/respond";
import { flushMail, listOutbox } from "@/lib/mail";
import { call, makeRequest, randomIp, uniqueEmail } from "../fakes/accounts-api";

const PASSWORD = "correct horse 1";

// Verification mails go out in the background: let them land before the database goes away.
afterAll(flushMail);

async function register(email = uniqueEmail(), name = "Asha") {
  const res = await call(registerRoute, "POST", "/api/user/register", {
    name,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(res.status, res.body.message).toBe(201);
  return { email, id: (res.body.data as { _id: string })._id };
}

async function login(email: string, password = PASSWORD) {
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { accesstoken: string; refreshToken: string };
}

const details = (token: string) =>
  call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { token });

// A tiny admin-only handler, as the catalogue's admin routes will be.
const adminOnly = handle(async (request) => {
  const viewer = await requireAdmin(request);
  return ok("hello admin", { data: { id: viewer.id } });
});

describe("register", () => {
  it("creates a shopper and answers 201 with _id, name and email only", async () => {
    const email = uniqueEmail();
    const res = await call(registerRoute, "POST", "/api/user/register", {
      name: "  Asha Rao ",
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "ADMIN",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false });
    const data = res.body.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(["_id", "email", "name"]);
    expect(data).toMatchObject({ name: "Asha Rao", email });
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.role).toBe("USER");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain("argon2");
  });

  it("refuses a duplicate e-mail with 409, whatever its case", async () => {
    const { email } = await register();
    const res = await call(registerRoute, "POST", "/api/user/register", {
      name: "Other",
      email: email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      error: true,
      message: "An account with this email already exists",
    });
  });

  it("explains password rules", async () => {
    const mismatch = await call(registerRoute, "POST", "/api/user/register", {
      name: "A",
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: `${PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("password and confirm password must be same");
    const short = await call(registerRoute, "POST", "/api/user/register", {
      name: "A",
      email: uniqueEmail(),
      password: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
  });

  it("answers bad bodies with 400, never 500", async () => {
    const cases: Array<[unknown, string | undefined]> = [
      [undefined, "{not json"],
      [undefined, "[1,2,3]"],
      [undefined, '"a string"'],
      [{}, undefined],
      [{ name: 5, email: "a@b.co", password: PASSWORD, confirmPassword: PASSWORD }, undefined],
      [{ name: "A", email: ["x"], password: PASSWORD, confirmPassword: PASSWORD }, undefined],
      [{ name: "A", email: "not-an-email", password: PASSWORD, confirmPassword: PASSWORD }, undefined],
      [{ name: "A", email: "a@b.co", password: 12345678, confirmPassword: 12345678 }, undefined],
    ];
    for (const [body, raw] of cases) {
      const res = await call(registerRoute, "POST", "/api/user/register", body, raw ? { raw } : {});
      expect(res.status, JSON.stringify(body ?? raw)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBeTruthy();
    }
    for (const handler of [loginRoute, refreshRoute]) {
      const res = await call(handler, "POST", "/api/user/x", undefined, { raw: "{oops" });
      expect(res.status).toBe(400);
    }
    const typed = await call(loginRoute, "POST", "/api/user/login", { email: 1, password: null });
    expect(typed.status).toBe(400);
    expect(typed.body.fieldErrors).toBeDefined();
  });

  it("sends a verification link that verifies the e-mail and opens the profile", async () => {
    const { email, id } = await register();
    await flushMail();
    const [mail] = await listOutbox({ to: email });
    expect(mail?.subject).toContain("Kwikmart");
    const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const res = await verifyEmailRoute(new Request(`http://localhost${url.pathname}${url.search}`));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/dashboard\/profile\?verified=1$/);
    expect((await prisma.user.findUniqueOrThrow({ where: { id } })).verifyEmail).toBe(true);
    const again = await verifyEmailRoute(new Request(`http://localhost${url.pathname}${url.search}`));
    expect(again.headers.get("location")).toMatch(/verified=0$/);
  });
});

describe("login", () => {
  it("answers a wrong password and an unknown e-mail identically", async () => {
    const { email } = await register();
    const wrong = await call(loginRoute, "POST", "/api/user/login", { email, password: "wrong password" });
    const unknown = await call(loginRoute, "POST", "/api/user/login", {
      email: uniqueEmail(),
      password: "wrong password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe("Invalid email or password");
  });

  it("round-trips register → login → user-details with the bearer token, setting last_login_date", async () => {
    const { email, id } = await register(undefined, "Ravi");
    const before = Date.now();
    const tokens = await login(email.toUpperCase());
    expect(tokens.accesstoken.split(".")).toHaveLength(3);
    expect(tokens.refreshToken).toMatch(/^[\w-]{43}$/);
    const res = await details(tokens.accesstoken);
    expect(res.status).toBe(200);
    const user = res.body.data as Record<string, unknown>;
    expect(user).toMatchObject({
      _id: id,
      name: "Ravi",
      email,
      avatar: "",
      mobile: null,
      verify_email: false,
      status: "ACTIVE",
      role: "USER",
      address_details: [],
      shopping_cart: [],
      orderHistory: [],
    });
    expect(new Date(user.last_login_date as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    const stored = await prisma.refreshToken.findFirstOrThrow({ where: { userId: id } });
    expect(stored.tokenHash).not.toBe(tokens.refreshToken);
  });

  it("maps active addresses, cart lines and orders into user-details", async () => {
    const { email, id } = await register();
    await prisma.address.createMany({
      data: [
        {
          userId: id,
          addressLine: "12 MG Road",
          city: "Pune",
          state: "MH",
          country: "India",
          pincode: "411001",
          mobile: "9876543210",
        },
        {
          userId: id,
          addressLine: "Old",
          city: "X",
          state: "Y",
          country: "India",
          pincode: "1",
          mobile: "9876543210",
          status: false,
        },
      ],
    });
    const product = await prisma.product.create({
      data: { name: "Milk", unit: "1 l", stock: 5, pricePaise: 6000, description: "Fresh" },
    });
    const line = await prisma.cartItem.create({ data: { userId: id, productId: product.id, quantity: 2 } });
    const tokens = await login(email);
    const user = (await details(tokens.accesstoken)).body.data as Record<string, unknown>;
    expect(user.address_details).toEqual([
      expect.objectContaining({
        userId: id,
        address_line: "12 MG Road",
        city: "Pune",
        state: "MH",
        country: "India",
        pincode: "411001",
        mobile: "9876543210",
        status: true,
      }),
    ]);
    expect(user.shopping_cart).toEqual([{ _id: line.id, quantity: 2, productId: product.id }]);
  });

  it("refuses user-details without a valid token (401 Please login)", async () => {
    const guest = await call(userDetailsRoute, "GET", "/api/user/user-details");
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe("Please login");
    const junk = await details("not.a.token");
    expect(junk.status).toBe(401);
  });
});

describe("refresh tokens", () => {
  it("rotate, and reusing a rotated token revokes the whole family", async () => {
    const { email } = await register();
    const first = await login(email);

    const r1 = await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, {
      token: first.refreshToken,
    });
    expect(r1.status).toBe(200);
    const second = r1.body.data as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await details(second.accessToken)).status).toBe(200);

    // body form works too
    const r2 = await call(refreshRoute, "POST", "/api/user/refresh-token", {
      refreshToken: second.refreshToken,
    });
    expect(r2.status).toBe(200);
    const third = r2.body.data as { accessToken: string; refreshToken: string };

    // replaying the first token: 401 and the newest token of the family dies too
    const replay = await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, {
      token: first.refreshToken,
    });
    expect(replay.status).toBe(401);
    const newest = await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, {
      token: third.refreshToken,
    });
    expect(newest.status).toBe(401);
    expect((await details(third.accessToken)).status).toBe(401);
  });

  it("leaves other logins (families) alone", async () => {
    const { email } = await register();
    const phone = await login(email);
    const laptop = await login(email);
    await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, { token: phone.refreshToken });
    await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, { token: phone.refreshToken });
    expect((await details(laptop.accesstoken)).status).toBe(200);
  });

  it("refuses a missing or unknown token with 401", async () => {
    expect((await call(refreshRoute, "POST", "/api/user/refresh-token")).status).toBe(401);
    expect(
      (await call(refreshRoute, "POST", "/api/user/refresh-token", { refreshToken: "nope" })).status,
    ).toBe(401);
  });

  it("survives concurrent rotations of one token: one wins, the family is then revoked", async () => {
    const { email } = await register();
    const tokens = await login(email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(refreshRoute, "POST", "/api/user/refresh-token", undefined, { token: tokens.refreshToken }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(4);
  });
});

describe("logout", () => {
  it("revokes the caller's refresh family and clears the next-auth cookies", async () => {
    const { email } = await register();
    const tokens = await login(email);
    const other = await login(email);
    const res = await call(logoutRoute, "GET", "/api/user/logout", undefined, {
      token: tokens.accesstoken,
      cookie: "next-auth.session-token.0=abc; next-auth.session-token.1=def; other=1",
    });
    expect(res.status).toBe(200);
    const cleared = res.response.headers.getSetCookie().map((c) => c.split("=")[0]);
    for (const name of [
      "next-auth.session-token",
      "__Secure-next-auth.session-token",
      "next-auth.csrf-token",
      "__Host-next-auth.csrf-token",
      "next-auth.callback-url",
      "__Secure-next-auth.callback-url",
      "next-auth.session-token.0",
      "next-auth.session-token.1",
    ]) {
      expect(cleared).toContain(name);
    }
    expect(cleared).not.toContain("other");
    expect(
      res.response.headers.getSetCookie().find((c) => c.startsWith("__Secure-next-auth.session-token")),
    ).toMatch(/Secure/i);
    expect((await details(tokens.accesstoken)).status).toBe(401);
    const refresh = await call(refreshRoute, "POST", "/api/user/refresh-token", undefined, {
      token: tokens.refreshToken,
    });
    expect(refresh.status).toBe(401);
    // the other login is untouched
    expect((await details(other.accesstoken)).status).toBe(200);
  });

  it("accepts a refresh token (Bearer or body) and is safe to repeat", async () => {
    const { email } = await register();
    const a = await login(email);
    expect(
      (await call(logoutRoute, "GET", "/api/user/logout", undefined, { token: a.refreshToken })).status,
    ).toBe(200);
    expect((await details(a.accesstoken)).status).toBe(401);
    const b = await login(email);
    expect(
      (await call(logoutPostRoute, "POST", "/api/user/logout", { refreshToken: b.refreshToken })).status,
    ).toBe(200);
    expect(
      (await call(refreshRoute, "POST", "/api/user/refresh-token", { refreshToken: b.refreshToken })).status,
    ).toBe(401);
    expect((await call(logoutRoute, "GET", "/api/user/logout")).status).toBe(200);
  });

  it("logout-all ends every session of the user", async () => {
    const { email, id } = await register();
    const a = await login(email);
    const b = await login(email);
    const cookie = await sessionCookie(id);
    const res = await call(logoutAllRoute, "POST", "/api/user/logout-all", undefined, {
      token: a.accesstoken,
    });
    expect(res.status).toBe(200);
    expect((await details(a.accesstoken)).status).toBe(401);
    expect((await details(b.accesstoken)).status).toBe(401);
    expect(
      (await call(refreshRoute, "POST", "/api/user/refresh-token", { refreshToken: b.refreshToken })).status,
    ).toBe(401);
    expect(
      (await call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { cookie })).status,
    ).toBe(401);
    expect((await call(logoutAllRoute, "POST", "/api/user/logout-all")).status).toBe(401);
  });
});

/** A next-auth session cookie as the jwt callback would issue it after sign-in. */
async function sessionCookie(userId: string, name = "next-auth.session-token") {
  const options = getAuthOptions();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
  const token = await options.callbacks!.jwt!({
    token: { name: user.name, email: user.email, sub: user.id },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      sessionVersion: user.sessionVersion,
    },
    account: null,
  });
  const jwt = await encode({ token, secret: process.env.NEXTAUTH_SECRET! });
  return `${name}=${jwt}`;
}

describe("web sessions (next-auth)", () => {
  it("signs in through the Credentials provider with the same rules, setting lastLoginDate", async () => {
    const { email, id } = await register();
    const provider = getAuthOptions().providers[0] as unknown as {
      options: {
        authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
      };
    };
    const req = { headers: { "x-forwarded-for": randomIp() } };
    const user = await provider.options.authorize({ email, password: PASSWORD }, req);
    expect(user).toMatchObject({ id, email, role: "USER", sessionVersion: 0 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id } })).lastLoginDate).not.toBeNull();
    await expect(provider.options.authorize({ email, password: "nope nope" }, req)).rejects.toThrow(
      "Invalid email or password",
    );
    await expect(
      provider.options.authorize({ email: uniqueEmail(), password: "nope nope" }, req),
    ).rejects.toThrow("Invalid email or password");
  });

  it("resolves the session cookie (either cookie name) to the viewer and ends it when sessionVersion changes", async () => {
    const { id } = await register();
    for (const name of ["next-auth.session-token", "__Secure-next-auth.session-token"]) {
      const cookie = await sessionCookie(id, name);
      const viewer = await getViewer(makeRequest("GET", "/x", undefined, { cookie }));
      expect(viewer).toMatchObject({ id, role: "USER", via: "session" });
    }
    const cookie = await sessionCookie(id);
    expect(
      (await call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { cookie })).status,
    ).toBe(200);

    // the jwt callback (run on every session read) refuses it once the version moved on
    const options = getAuthOptions();
    // (a token as sign-in issues it: naming its server-side session, issue 20 #3)
    const token = { sub: id, sv: 0, role: "USER" as const, sid: await startWebSession(id) };
    await expect(
      options.callbacks!.jwt!({ token, account: null, user: undefined as never }),
    ).resolves.toMatchObject({
      sub: id,
    });
    await prisma.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } } });
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie }))).toBeNull();
    await expect(
      options.callbacks!.jwt!({ token, account: null, user: undefined as never }),
    ).rejects.toThrow();
  });

  it("treats tampered cookies and non-ACTIVE users as guests", async () => {
    const { id } = await register();
    const cookie = await sessionCookie(id);
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie: `${cookie}x` }))).toBeNull();
    await prisma.user.update({ where: { id }, data: { status: "SUSPENDED" } });
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie }))).toBeNull();
  });
});

describe("roles", () => {
  it("guards admin functions: guest 401, shopper 403, admin 200", async () => {
    const guest = await call(adminOnly, "GET", "/api/admin-only");
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe("Please login");

    const { email, id } = await register();
    const tokens = await login(email);
    const shopper = await call(adminOnly, "GET", "/api/admin-only", undefined, { token: tokens.accesstoken });
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe("Do not have permission");
    await expect(
      requireUser(makeRequest("GET", "/x", undefined, { token: tokens.accesstoken })),
    ).resolves.toMatchObject({
      id,
    });

    // promotion applies at once: the role is read from the database, not from the token
    await prisma.user.update({ where: { id }, data: { role: "ADMIN" } });
    const admin = await call(adminOnly, "GET", "/api/admin-only", undefined, { token: tokens.accesstoken });
    expect(admin.status).toBe(200);
    const cookie = await sessionCookie(id);
    expect((await call(adminOnly, "GET", "/api/admin-only", undefined, { cookie })).status).toBe(200);
  });

  it("refuses an access token signed with another secret or of another type", async () => {
    const { SignJWT } = await import("jose");
    const { id } = await register();
    const forged = await new SignJWT({ sv: 0, fid: "x", typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(id)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("some other secret"));
    expect((await details(forged)).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: id, sv: 0, fid: "x", typ: "access" })).toString("base64url")}.`;
    expect((await details(unsigned)).status).toBe(401);
  });
});

describe("next-auth end to end (core handler, as the /api/auth route runs it)", () => {
  type Cookie = { name: string; value: string; options?: Record<string, unknown> };
  type Internal = { status?: number; body?: unknown; cookies?: Cookie[]; redirect?: string };

  async function auth(
    action: string,
    init: {
      method?: string;
      providerId?: string;
      body?: Record<string, string>;
      cookies?: Record<string, string>;
    },
  ) {
    // next-auth's core handler is not in its package exports; load it by path (what the route's NextAuth() calls).
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
          "content-type": "application/x-www-form-urlencoded",
        },
        query: {},
      },
      options: getAuthOptions(),
    })) as Internal;
  }

  async function signIn(email: string, password: string) {
    const csrf = await auth("csrf", {});
    const csrfCookie = csrf.cookies!.find((c) => c.name === "next-auth.csrf-token")!;
    const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
    return auth("callback", {
      method: "POST",
      providerId: "credentials",
      body: { email, password, csrfToken, json: "true" },
      cookies: { "next-auth.csrf-token": csrfCookie.value },
    });
  }

  it("signs in with the Credentials provider into an httpOnly, SameSite=Lax session cookie the viewer accepts", async () => {
    const { email, id } = await register();
    const result = await signIn(email, PASSWORD);
    const session = result.cookies?.find((c) => c.name === "next-auth.session-token");
    expect(session, JSON.stringify(result)).toBeDefined();
    expect(session!.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    const cookie = `next-auth.session-token=${session!.value}`;
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie }))).toMatchObject({
      id,
      via: "session",
    });

    const read = await auth("session", { cookies: { "next-auth.session-token": session!.value } });
    expect(read.body).toMatchObject({ user: { id, email, role: "USER", name: "Asha" } });

    // after logout everywhere the same cookie reads as no session, and next-auth clears it
    await prisma.user.update({ where: { id }, data: { sessionVersion: { increment: 1 } } });
    const dead = await auth("session", { cookies: { "next-auth.session-token": session!.value } });
    expect(dead.body).toEqual({});
    expect(dead.cookies?.find((c) => c.name === "next-auth.session-token")?.options).toMatchObject({
      maxAge: 0,
    });
  });

  it("reports a wrong password to signIn() as 'Invalid email or password' and sets no session", async () => {
    const { email } = await register();
    const result = await signIn(email, "wrong wrong");
    expect(result.status).toBe(401);
    expect(new URL(result.redirect!, "http://localhost").searchParams.get("error")).toBe(
      "Invalid email or password",
    );
    expect(result.cookies?.some((c) => c.name === "next-auth.session-token" && c.value)).toBeFalsy();
  });
});

describe("proxy", () => {
  it("sends guests on account pages to /login with the path to return to, and lets sessions through", async () => {
    const { NextRequest } = await import("next/server");
    // where the proxy runs (pages, API calls, not assets) is tests/unit/proxy-matcher.test.ts
    const { proxy } = await import("@/proxy");
    const guest = await proxy(new NextRequest("http://localhost:3000/dashboard/profile?tab=1"));
    expect(guest.status).toBe(307);
    const location = new URL(guest.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard/profile?tab=1");

    const junk = await proxy(
      new NextRequest("http://localhost:3000/user", { headers: { cookie: "next-auth.session-token=junk" } }),
    );
    expect(junk.status).toBe(307);

    const { id } = await register();
    const cookie = await sessionCookie(id);
    const member = await proxy(new NextRequest("http://localhost:3000/user", { headers: { cookie } }));
    expect(member.headers.get("x-middleware-next")).toBe("1");
  });
});
