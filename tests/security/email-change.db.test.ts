import { afterAll, describe, expect, it } from "vitest";
import { PUT as changePasswordRoute } from "@/app/api/user/change-password/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { GET as undoRoute } from "@/app/api/user/undo-email-change/route";
import { PUT as updateUserRoute } from "@/app/api/user/update-user/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { GET as verifyEmailRoute } from "@/app/api/user/verify-email/route";
import { prisma } from "@/lib/db";
import { flushMail, listOutbox } from "@/lib/mail";
import { call, randomIp, uniqueEmail } from "../fakes/accounts-api";
import { webSessionToken } from "../integration/web-session-token";

// Issue 20 #4: with any live session (or a copied cookie) an attacker moved the account to their own e-mail, reset
// the password and owned it. Now a new e-mail needs the current password (REST: currentPassword on update-user; 403
// without it or when wrong, and nothing changes), switches only when the link sent to the new address is opened, the
// old address is told at once with an undo link (single-use, expiring, hashed) that keeps or restores the old e-mail
// and ends every session, and the switch ends the account's other sessions.

const PASSWORD = "email change password 1";
// a name that must never reach someone else's inbox (issue 20 #14: no user-chosen name in these mails' greeting)
const NAME = "Visit evil.example to claim a prize";

afterAll(flushMail);

async function shopper() {
  const email = uniqueEmail("mover");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: NAME,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const id = (reg.body.data as { _id: string })._id;
  await prisma.user.update({ where: { id }, data: { verifyEmail: true, mobile: "9876543210" } });
  return { id, email, token: await login(email) };
}

async function login(email: string): Promise<string> {
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { accesstoken: string }).accesstoken;
}

const update = (token: string, body: Record<string, unknown>) =>
  call(updateUserRoute, "PUT", "/api/user/update-user", body, { token });
const detailsWithToken = (token: string) =>
  call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { token });
const detailsWithCookie = (jwt: string) =>
  call(userDetailsRoute, "GET", "/api/user/user-details", undefined, {
    cookie: `next-auth.session-token=${jwt}`,
  });

/** The account as a user would notice it, and every trace a change request leaves. */
async function state(id: string) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id },
    select: { email: true, name: true, mobile: true, verifyEmail: true },
  });
  return { user, changes: await prisma.emailChange.count({ where: { userId: id } }) };
}

async function mailsTo(to: string) {
  await flushMail();
  return listOutbox({ to });
}

const linkIn = (text: string, path: string) => {
  const found = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(text)?.[0];
  expect(found, text).toBeDefined();
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
};

/** Opens an e-mailed link as a browser would, with that browser's cookie if it has one. */
async function open(handler: (r: Request) => Promise<Response>, path: string, cookie?: string) {
  const headers = new Headers({ "x-forwarded-for": randomIp() });
  if (cookie) headers.set("cookie", cookie);
  const res = await handler(new Request(`http://localhost${path}`, { headers }));
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

describe("changing the e-mail needs the current password (issue 20 #4)", () => {
  it("REST update-user without currentPassword: 403 with a clear message, and nothing changes", async () => {
    const me = await shopper();
    const before = await state(me.id);
    const target = uniqueEmail("attacker");
    const res = await update(me.token, { name: "Owned", email: target, mobile: "9123456780" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: true });
    expect(res.body.message).toMatch(/current password/i);
    expect(res.body.message).toContain("currentPassword");
    expect(await state(me.id)).toEqual(before); // name and mobile untouched too
    expect(await mailsTo(target)).toHaveLength(0);
  });

  it("a wrong currentPassword: 403 'Current password is not correct', and nothing changes", async () => {
    const me = await shopper();
    const before = await state(me.id);
    const target = uniqueEmail("attacker");
    const res = await update(me.token, {
      name: "Owned",
      email: target,
      mobile: "9876543210",
      currentPassword: "not the password",
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Current password is not correct");
    expect(await state(me.id)).toEqual(before);
    expect(await mailsTo(target)).toHaveLength(0);
  });

  it("the same e-mail needs no password: name and mobile change as before", async () => {
    const me = await shopper();
    const res = await update(me.token, { name: "Kiran", email: me.email.toUpperCase(), mobile: "9123456780" });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe("Profile updated successfully");
    expect((await state(me.id)).user).toMatchObject({ name: "Kiran", mobile: "9123456780", email: me.email });
  });

  it("wrong passwords are counted: the 11th try in 15 minutes is 429, even with the right one", async () => {
    const me = await shopper();
    const target = uniqueEmail("guess");
    for (let i = 0; i < 10; i++) {
      const res = await update(me.token, { name: "K", email: target, mobile: "9876543210", currentPassword: `guess ${i}` });
      expect(res.status).toBe(403);
    }
    const locked = await update(me.token, { name: "K", email: target, mobile: "9876543210", currentPassword: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await state(me.id)).changes).toBe(0);
  });
});

describe("the new address must be confirmed; the old one can undo (issue 20 #4)", () => {
  it("keeps the old e-mail until the link is used, notifies the old address, then switches and ends other sessions", async () => {
    const me = await shopper();
    const other = await login(me.email); // another device's REST session
    const browser = await webSessionToken(me.id); // a signed-in browser
    const stranger = await webSessionToken(me.id); // a third session: a copied cookie, say
    const target = uniqueEmail("new");

    const res = await update(me.token, {
      name: "Kiran",
      email: target,
      mobile: "9876543210",
      currentPassword: PASSWORD,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toContain(target);
    expect(res.body.data).toMatchObject({ email: me.email, pending_email: target, verify_email: true });
    expect((await state(me.id)).user.email).toBe(me.email);
    // the account still signs in with its old e-mail, not the new one
    expect((await call(loginRoute, "POST", "/x", { email: target, password: PASSWORD })).status).toBe(401);
    expect((await detailsWithToken(me.token)).body.data).toMatchObject({ email: me.email, pending_email: target });

    // the old address is told at once, with an undo link; no user-chosen name in either mail
    const [notice] = await mailsTo(me.email);
    expect(notice!.subject).toMatch(/e-mail is being changed/i);
    expect(notice!.text).toContain(target);
    linkIn(notice!.text, "/api/user/undo-email-change");
    const [confirm] = await mailsTo(target);
    expect(confirm!.subject).toMatch(/Confirm your new e-mail/);
    for (const mail of [notice!, confirm!]) {
      expect(mail.text.startsWith("Hello,")).toBe(true);
      expect(mail.text + mail.html).not.toContain("evil.example");
    }
    // tokens are kept hashed
    const row = await prisma.emailChange.findFirstOrThrow({ where: { userId: me.id } });
    const verifyPath = linkIn(confirm!.text, "/api/user/verify-email");
    const token = new URLSearchParams(verifyPath.split("?")[1]).get("token")!;
    expect(JSON.stringify(row)).not.toContain(token);

    // the link opened in the signed-in browser: switched and verified; that browser and the requesting session stay,
    // every other session ends
    const opened = await open(verifyEmailRoute, verifyPath, `next-auth.session-token=${browser}`);
    expect(opened.status).toBe(303);
    expect(opened.location).toMatch(/\/dashboard\/profile\?verified=1$/);
    expect((await state(me.id)).user).toMatchObject({ email: target, verifyEmail: true });
    expect((await detailsWithToken(me.token)).body.data).toMatchObject({ email: target, pending_email: null });
    expect((await detailsWithCookie(browser)).status).toBe(200);
    expect((await detailsWithToken(other)).status).toBe(401);
    expect((await detailsWithCookie(stranger)).status).toBe(401);
    expect((await call(loginRoute, "POST", "/x", { email: target, password: PASSWORD })).status).toBe(200);

    // single use
    expect((await open(verifyEmailRoute, verifyPath)).location).toMatch(/verified=0$/);

    const audit = await prisma.auditLog.findMany({ where: { subjectId: me.id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["user.email.request", "user.email"]);
    expect(audit[1]).toMatchObject({ before: { email: me.email }, after: { email: target } });
  });

  it("the undo link restores the old e-mail after the switch and ends every session; it works once", async () => {
    const me = await shopper();
    const browser = await webSessionToken(me.id);
    const target = uniqueEmail("thief");
    expect(
      (await update(me.token, { name: "K", email: target, mobile: "9876543210", currentPassword: PASSWORD })).status,
    ).toBe(200);
    const [notice] = await mailsTo(me.email);
    const [confirm] = await mailsTo(target);
    await open(verifyEmailRoute, linkIn(confirm!.text, "/api/user/verify-email"));
    expect((await state(me.id)).user.email).toBe(target);

    const undoPath = linkIn(notice!.text, "/api/user/undo-email-change");
    const undone = await open(undoRoute, undoPath);
    expect(undone.status).toBe(303);
    expect(undone.location).toMatch(/\/email-change-undone\?result=done$/);
    expect((await state(me.id)).user).toMatchObject({ email: me.email, verifyEmail: true });
    expect((await detailsWithToken(me.token)).status).toBe(401);
    expect((await detailsWithCookie(browser)).status).toBe(401);
    expect((await call(loginRoute, "POST", "/x", { email: me.email, password: PASSWORD })).status).toBe(200);
    expect((await call(loginRoute, "POST", "/x", { email: target, password: PASSWORD })).status).toBe(401);

    expect((await open(undoRoute, undoPath)).location).toMatch(/result=invalid$/);
    expect((await open(undoRoute, "/api/user/undo-email-change?token=forged")).location).toMatch(/result=invalid$/);
    const last = await prisma.auditLog.findFirstOrThrow({ where: { subjectId: me.id }, orderBy: { at: "desc" } });
    expect(last).toMatchObject({ action: "user.email.undo", after: { email: me.email } });
  });

  it("undo before the switch cancels it: the confirmation link then changes nothing", async () => {
    const me = await shopper();
    const target = uniqueEmail("thief");
    await update(me.token, { name: "K", email: target, mobile: "9876543210", currentPassword: PASSWORD });
    const [notice] = await mailsTo(me.email);
    const [confirm] = await mailsTo(target);
    expect((await open(undoRoute, linkIn(notice!.text, "/api/user/undo-email-change"))).location).toMatch(
      /result=done$/,
    );
    expect((await detailsWithToken(me.token)).status).toBe(401); // every session ended
    const opened = await open(verifyEmailRoute, linkIn(confirm!.text, "/api/user/verify-email"));
    expect(opened.location).toMatch(/verified=0$/);
    expect((await state(me.id)).user.email).toBe(me.email);
  });

  it("a newer request replaces the pending one; an expired link does nothing", async () => {
    const me = await shopper();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await update(me.token, { name: "K", email: first, mobile: "9876543210", currentPassword: PASSWORD });
    await update(me.token, { name: "K", email: second, mobile: "9876543210", currentPassword: PASSWORD });
    expect((await detailsWithToken(me.token)).body.data).toMatchObject({ pending_email: second });
    const [firstMail] = await mailsTo(first);
    expect((await open(verifyEmailRoute, linkIn(firstMail!.text, "/api/user/verify-email"))).location).toMatch(
      /verified=0$/,
    );
    await prisma.emailChange.updateMany({
      where: { userId: me.id, newEmail: second },
      data: { verifyExpiresAt: new Date(Date.now() - 1000) },
    });
    const [secondMail] = await mailsTo(second);
    expect((await open(verifyEmailRoute, linkIn(secondMail!.text, "/api/user/verify-email"))).location).toMatch(
      /verified=0$/,
    );
    expect((await state(me.id)).user.email).toBe(me.email);
    expect((await detailsWithToken(me.token)).body.data).toMatchObject({ pending_email: null });
  });

  it("an owner who answers with a password change (or logout everywhere) cancels the pending change", async () => {
    const me = await shopper();
    const target = uniqueEmail("thief");
    await update(me.token, { name: "K", email: target, mobile: "9876543210", currentPassword: PASSWORD });
    const changed = await call(
      changePasswordRoute,
      "PUT",
      "/api/user/change-password",
      { currentPassword: PASSWORD, newPassword: "a brand new secret 9", confirmPassword: "a brand new secret 9" },
      { token: me.token },
    );
    expect(changed.status, changed.body.message).toBe(200);
    const [confirm] = await mailsTo(target);
    expect((await open(verifyEmailRoute, linkIn(confirm!.text, "/api/user/verify-email"))).location).toMatch(
      /verified=0$/,
    );
    expect((await state(me.id)).user.email).toBe(me.email);
  });

  it("requests are rate-limited per account: 5 an hour, then 429", async () => {
    const me = await shopper();
    for (let i = 0; i < 5; i++) {
      const res = await update(me.token, {
        name: "K",
        email: uniqueEmail(`many${i}`),
        mobile: "9876543210",
        currentPassword: PASSWORD,
      });
      expect(res.status, res.body.message).toBe(200);
    }
    const sixth = await update(me.token, {
      name: "K",
      email: uniqueEmail("many5"),
      mobile: "9876543210",
      currentPassword: PASSWORD,
    });
    expect(sixth.status).toBe(429);
  });
});
