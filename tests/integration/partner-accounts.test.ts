import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as approveRoute } from "@/app/api/delivery-partner/approve/route";
import { PUT as deactivateRoute } from "@/app/api/delivery-partner/deactivate/route";
import { PUT as reactivateRoute } from "@/app/api/delivery-partner/reactivate/route";
import { POST as registerRoute } from "@/app/api/delivery-partner/register/route";
import { PUT as statusRoute } from "@/app/api/delivery-partner/status/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { authenticate } from "@/lib/accounts/login";
import { requirePartner } from "@/lib/auth/partner";
import { issueTokenPair } from "@/lib/auth/tokens";
import { getViewer } from "@/lib/auth/viewer";
import { prisma, runTx } from "@/lib/db";
import { dispatchOrder } from "@/lib/dispatch";
import { flushMail } from "@/lib/mail";
import { acceptPartnerInvite, inviteState } from "@/lib/partners/accounts";
import { invalidateStoreTable } from "@/lib/stores";
import { call, makeRequest, randomIp, uniqueEmail } from "../fakes/accounts-api";
import { webSessionToken } from "./web-session-token";

// Partners get accounts (issue 17): apply with an e-mail and a store, approval e-mails a single-use invitation, the
// partner sets a password and signs in; deactivating signs them out everywhere and keeps them out of dispatch.

const PASSWORD = "green scooter 42";
const freshPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

let admin: string;
let shopperEmail: string;

beforeAll(async () => {
  const a = await prisma.user.create({
    data: { name: "Admin", email: uniqueEmail("pa-admin"), passwordHash: "x", role: "ADMIN" },
  });
  admin = (await issueTokenPair(a)).accessToken;
  shopperEmail = uniqueEmail("pa-shopper");
  await prisma.user.create({ data: { name: "Shopper", email: shopperEmail, passwordHash: "x" } });
});
afterAll(flushMail);

const register = (body: unknown) => call(registerRoute, "POST", "/api/delivery-partner/register", body);
const approve = (body: unknown, token: string | undefined = admin) =>
  call(approveRoute, "PUT", "/api/delivery-partner/approve", body, { token });
const deactivate = (body: unknown, token: string | undefined = admin) =>
  call(deactivateRoute, "PUT", "/api/delivery-partner/deactivate", body, { token });
const reactivate = (body: unknown) =>
  call(reactivateRoute, "PUT", "/api/delivery-partner/reactivate", body, { token: admin });

async function apply(extra: Record<string, unknown> = {}) {
  const res = await register({ name: "Kiran Rao", phone: freshPhone(), vehicle: "Bike", ...extra });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { _id: string; email: string | null; storeId: string | null; account: string };
}

/** The newest invitation mail to `email`, and the token of its link. */
async function invitation(email: string) {
  await flushMail();
  const mail = await prisma.mailOutbox.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } });
  expect(mail, `no mail to ${email}`).not.toBeNull();
  const match = /http:\/\/localhost:3000\/partner\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { mail: mail!, token: match![1]! };
}

async function approved(email = uniqueEmail("rider")) {
  const partner = await apply({ email });
  const res = await approve({ _id: partner._id });
  expect(res.status, res.body.message).toBe(200);
  const { token } = await invitation(email);
  return { partner, email, token };
}

async function activePartner() {
  const a = await approved();
  await acceptPartnerInvite({ token: a.token, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() });
  return a;
}

const login = (email: string, password = PASSWORD) =>
  call(loginRoute, "POST", "/api/user/login", { email, password });

describe("POST /api/delivery-partner/register with an e-mail and a store", () => {
  it("stores the e-mail in lower case and the chosen store", async () => {
    const email = uniqueEmail("Apply").toUpperCase();
    const data = await apply({ email: `  ${email} `, storeId: "main" });
    expect(data).toMatchObject({ email: email.toLowerCase(), storeId: "main", account: "NONE", isAvailable: false });
    const row = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: data._id } });
    expect(row).toMatchObject({ email: email.toLowerCase(), storeId: "main", userId: null });
  });

  it("keeps both optional: blank or missing is none", async () => {
    const data = await apply({ email: "", storeId: null });
    expect(data).toMatchObject({ email: null, storeId: null });
  });

  it("refuses an unknown store and a malformed e-mail with 400, storing nothing", async () => {
    const phone = freshPhone();
    const bad = await register({ name: "Kiran", phone, storeId: "atlantis" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unknown store: atlantis/);
    const email = await register({ name: "Kiran", phone, email: "not-an-email" });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe("Enter a valid email address");
    expect(await prisma.deliveryPartner.count({ where: { phone } })).toBe(0);
  });
});

describe("PUT /api/delivery-partner/approve", () => {
  it("is for admins only", async () => {
    const p = await apply({ email: uniqueEmail("rider") });
    expect((await approve({ _id: p._id }, "")).status).toBe(401);
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: shopperEmail } });
    expect((await approve({ _id: p._id }, (await issueTokenPair(shopper)).accessToken)).status).toBe(403);
  });

  it("answers 404 for an unknown applicant", async () => {
    const res = await approve({ _id: randomUUID() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Delivery partner not found");
  });

  it("answers 409 when no e-mail is known, asking for one; with one given it approves", async () => {
    const p = await apply();
    const res = await approve({ _id: p._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no e-mail address.*Give one/);
    expect(await prisma.user.count({ where: { partner: { id: p._id } } })).toBe(0);

    const email = uniqueEmail("Given");
    const ok = await approve({ _id: p._id, email: email.toUpperCase() });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.message).toContain(email.toLowerCase());
    expect(ok.body.data).toMatchObject({ email: email.toLowerCase(), account: "INVITED" });
  });

  it("answers 409 when the e-mail belongs to another account", async () => {
    const p = await apply({ email: shopperEmail });
    const res = await approve({ _id: p._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already belongs to another account/);
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: shopperEmail } });
    expect(shopper.role).toBe("USER");
  });

  it("creates a PARTNER account tied to the partner, e-mails a single-use link and writes the audit log", async () => {
    const { partner, email, token } = await approved();
    const row = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: partner._id }, include: { user: true } });
    expect(row.user).toMatchObject({ email, role: "PARTNER", status: "ACTIVE" });
    const { mail } = await invitation(email);
    expect(mail.subject).toMatch(/set your password/);
    expect(mail.html).toContain(`http://localhost:3000/partner/invite/${token}`);
    // the token is stored hashed only
    const invite = await prisma.partnerInvite.findFirstOrThrow({ where: { partnerId: partner._id } });
    expect(invite.tokenHash).not.toBe(token);
    expect(invite.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await prisma.auditLog.count({ where: { action: "partner.approve", subjectId: partner._id } })).toBe(1);
    // the account is not usable until the password is set
    expect((await login(email, "anything at all")).status).toBe(401);
    expect(await inviteState(token)).toMatchObject({ state: "VALID", email });
  });

  it("approving again re-sends: the new link replaces the old one", async () => {
    const { partner, email, token: first } = await approved();
    const again = await approve({ _id: partner._id });
    expect(again.status).toBe(200);
    const { token: second } = await invitation(email);
    expect(second).not.toBe(first);
    expect((await inviteState(first)).state).toBe("UNKNOWN");
    expect((await inviteState(second)).state).toBe("VALID");
  });
});

describe("accepting the invitation", () => {
  it("sets the password with the registration's rules, uses the link up, and the partner signs in", async () => {
    const { email, token } = await approved();
    const accept = (password: string, confirmPassword = password) =>
      acceptPartnerInvite({ token, password, confirmPassword }, { ip: randomIp() });
    await expect(accept("short")).rejects.toThrow("Password must be at least 8 characters");
    await expect(accept(PASSWORD, "something else")).rejects.toThrow("password and confirm password must be same");
    await expect(accept("password123")).rejects.toThrow(/too common/);
    expect(await accept(PASSWORD)).toEqual({ email });

    const res = await login(email);
    expect(res.status, res.body.message).toBe(200);
    const access = (res.body.data as { accesstoken: string }).accesstoken;
    const me = await requirePartner(makeRequest("GET", "/api/partner/assignment", undefined, { token: access }));
    expect(me.viewer).toMatchObject({ email, role: "PARTNER" });
    // a partner is no admin: the admin calls refuse them
    const list = await call(approveRoute, "PUT", "/api/delivery-partner/approve", { _id: me.partnerId }, { token: access });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe("Do not have permission");

    // used: refused, saying what to do
    await expect(accept("another password 9")).rejects.toThrow(/already been used. Sign in/);
    expect((await inviteState(token)).state).toBe("USED");
  });

  it("refuses an expired or unknown link with what to do", async () => {
    const { partner, token } = await approved();
    await prisma.partnerInvite.updateMany({
      where: { partnerId: partner._id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(
      acceptPartnerInvite({ token, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() }),
    ).rejects.toThrow(/expired.*Ask your store to send a new invitation/);
    await expect(
      acceptPartnerInvite({ token: "nope", password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() }),
    ).rejects.toThrow(/not valid.*ask your store/);
    // the admin approves again: a fresh link
    const resent = await approve({ _id: partner._id });
    expect(resent.body.data).toMatchObject({ account: "INVITED" });
  });

  it("a partner who has set a password cannot be approved again (409)", async () => {
    const { partner } = await activePartner();
    const res = await approve({ _id: partner._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already set a password/);
  });
});

describe("deactivate and reactivate", () => {
  it("signs the partner out everywhere at once, refuses sign-in, and reactivating lets them back", async () => {
    const { partner, email } = await activePartner();
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    const rest = await login(email);
    const access = (rest.body.data as { accesstoken: string }).accesstoken;
    const cookie = `next-auth.session-token=${await webSessionToken(user.id)}`;
    const details = () => call(userDetailsRoute, "GET", "/api/user/user-details", undefined, { token: access });
    expect((await details()).status).toBe(200);
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie }))).not.toBeNull();

    const res = await deactivate({ _id: partner._id });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toMatch(/signed out everywhere/);
    expect(res.body.data).toMatchObject({ isAvailable: false, deactivatedAt: expect.any(String) });

    // the old access token and the web session are dead
    const after = await details();
    expect(after.status).toBe(401);
    expect(await getViewer(makeRequest("GET", "/x", undefined, { cookie }))).toBeNull();
    expect(await prisma.refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    // no sign-in, no switching on
    const again = await login(email);
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/deactivated.*contact your store/);
    const on = await call(statusRoute, "PUT", "/api/delivery-partner/status", { partnerId: partner._id, isAvailable: true }, {
      token: admin,
    });
    expect(on.status).toBe(409);
    expect(on.body.message).toMatch(/Reactivate them/);
    expect(await prisma.auditLog.count({ where: { action: "partner.deactivate", subjectId: partner._id } })).toBe(1);

    const back = await reactivate({ _id: partner._id });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ deactivatedAt: null, isAvailable: false });
    expect((await login(email)).status).toBe(200);
  });

  it("answers 404 for an unknown partner and 403 for a shopper", async () => {
    expect((await deactivate({ _id: randomUUID() })).status).toBe(404);
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: shopperEmail } });
    const p = await apply();
    expect((await deactivate({ _id: p._id }, (await issueTokenPair(shopper)).accessToken)).status).toBe(403);
  });

  it("dispatch never picks a deactivated partner", async () => {
    const storeId = `pa-${randomUUID().slice(0, 8)}`;
    await prisma.store.create({ data: { id: storeId, name: "Test", area: "Test", address: "Test", lat: 12.9, lng: 77.6 } });
    invalidateStoreTable();
    const p = await apply({ storeId });
    await deactivate({ _id: p._id });
    // even if something set it available behind the dashboard's back
    await prisma.deliveryPartner.update({ where: { id: p._id }, data: { isAvailable: true } });
    const buyer = await prisma.user.findUniqueOrThrow({ where: { email: shopperEmail } });
    const order = await prisma.order.create({
      data: {
        orderNumber: `KM-${randomUUID().slice(0, 8)}`,
        userId: buyer.id,
        status: "PLACED",
        paymentMethod: "CASH_ON_DELIVERY",
        subtotalPaise: 1000,
        totalPaise: 1000,
        itemCount: 1,
        addressSnapshot: {},
        storeId,
      },
    });
    const assigned = await runTx((tx) => dispatchOrder(tx, { id: order.id, itemCount: 1, storeId, paymentMethod: "CASH_ON_DELIVERY" }));
    expect(assigned).toBeNull();
  });

  it("an invited partner deactivated before setting a password cannot use the link; reactivated, they are invited again", async () => {
    const { partner, email, token } = await approved();
    await deactivate({ _id: partner._id });
    expect((await inviteState(token)).state).toBe("REVOKED");
    const back = await reactivate({ _id: partner._id });
    expect(back.body.data).toMatchObject({ account: "INVITE_EXPIRED" });
    expect((await inviteState(token)).state).toBe("EXPIRED");
    expect((await approve({ _id: partner._id })).status).toBe(200);
    const { token: fresh } = await invitation(email);
    await acceptPartnerInvite({ token: fresh, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() });
    expect((await login(email)).status).toBe(200);
  });

  it("authenticate refuses a deactivated partner even with the right password", async () => {
    const { partner, email } = await activePartner();
    await deactivate({ _id: partner._id });
    await expect(authenticate({ email, password: PASSWORD }, { ip: randomIp() })).rejects.toThrow(/deactivated/);
  });
});
