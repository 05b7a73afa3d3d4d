import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { PUT as pauseRoute } from "@/app/api/store/pause/route";
import { GET as pickListRoute } from "@/app/api/store/picklist/route";
import { PUT as lineRoute } from "@/app/api/store/picklist/line/route";
import { PUT as packedRoute } from "@/app/api/store/picklist/packed/route";
import { GET as staffListRoute } from "@/app/api/store/staff/route";
import { POST as inviteRoute } from "@/app/api/store/staff/invite/route";
import { PUT as deactivateRoute } from "@/app/api/store/staff/deactivate/route";
import { POST as receiveRoute } from "@/app/api/store/stock/receive/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { landingPath } from "@/components/auth/safe-callback";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { redactSecrets } from "@/lib/mail/redact";
import { acceptStaffInvite, staffInviteState } from "@/lib/stores/staff";
import { invalidateStoreLoad, invalidateStoreTable } from "@/lib/stores";
import { call, randomIp, uniqueEmail, type ApiResult } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Store staff and the pick list (issue 16, "The store's side"): an admin invites staff to one store like partners,
// staff sign in and land on /store, see only their store's placed orders (oldest first, lines grouped by category),
// tick or mark lines short (saved per line), and Packed hands the order on as the board's "Mark packed" does, refused
// until every line is done. Another store's staff get 404, as if the order did not exist; admins work every store.
// 560001 is served by the default store "main", 560034 by "koramangala".

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

const PASSWORD = "busy shelves 42";
let admin: string;
let shopperToken: string;

beforeAll(async () => {
  await installDemoStores();
  const a = await prisma.user.create({
    data: { name: "Admin", email: uniqueEmail("ss-admin"), passwordHash: "x", role: "ADMIN" },
  });
  admin = (await issueTokenPair(a)).accessToken;
  const shopper = await prisma.user.create({ data: { name: "Shopper", email: uniqueEmail("ss-shopper"), passwordHash: "x" } });
  shopperToken = (await issueTokenPair(shopper)).accessToken;
});
afterAll(flushMail);

const invite = (body: unknown, token: string | undefined = admin) =>
  call(inviteRoute, "POST", "/api/store/staff/invite", body, { token });
const listStaff = (storeId: string, token: string | undefined = admin) =>
  call(staffListRoute, "GET", `/api/store/staff?storeId=${storeId}`, undefined, { token });
const deactivate = (body: unknown) => call(deactivateRoute, "PUT", "/api/store/staff/deactivate", body, { token: admin });
const login = (email: string, password = PASSWORD) => call(loginRoute, "POST", "/api/user/login", { email, password });
const pickList = (token: string, storeId?: string) =>
  call(pickListRoute, "GET", `/api/store/picklist${storeId ? `?storeId=${storeId}` : ""}`, undefined, { token });
const mark = (token: string, body: unknown) => call(lineRoute, "PUT", "/api/store/picklist/line", body, { token });
const packed = (token: string, orderId: string) =>
  call(packedRoute, "PUT", "/api/store/picklist/packed", { orderId }, { token });

/** The token of the newest invitation mail to `email`. */
async function invitationToken(email: string) {
  await flushMail();
  const mail = await prisma.mailOutbox.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } });
  expect(mail, `no mail to ${email}`).not.toBeNull();
  const match = /http:\/\/localhost:3000\/store\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { token: match![1]!, mail: mail! };
}

/** A staff member of `storeId` who has set a password and signed in over REST: their e-mail and access token. */
async function staffAt(storeId: string) {
  const email = uniqueEmail(`staff-${storeId}`);
  const res = await invite({ storeId, email, name: "Asha Rao" });
  expect(res.status, res.body.message).toBe(201);
  const { token } = await invitationToken(email);
  await acceptStaffInvite({ token, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() });
  const signedIn = await login(email);
  expect(signedIn.status, signedIn.body.message).toBe(200);
  return {
    email,
    id: (res.body.data as { _id: string })._id,
    token: (signedIn.body.data as { accesstoken: string }).accesstoken,
  };
}

async function category(name: string) {
  return prisma.category.create({ data: { name, nameKey: `${name.toLowerCase()} ${randomUUID()}`, image: "/x.webp" } });
}

async function product(name: string, categoryIds: string[], stock: Record<string, number>) {
  const p = await prisma.product.create({
    data: {
      name: `${name} ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/ragi.webp"],
      unit: "1 pc",
      stock: stock.main ?? 0,
      pricePaise: 5_000,
      discount: 0,
      description: "test",
      categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
    },
  });
  for (const [storeId, n] of Object.entries(stock)) {
    if (storeId === "main") continue;
    await prisma.storeStock.create({ data: { storeId, productId: p.id, stock: n } });
    await prisma.stockMovement.create({ data: { storeId, productId: p.id, delta: n, reason: "RECEIVE", note: "test" } });
  }
  return p;
}

/** A cash order of `lines` by a new shopper at `pincode` (placed through the REST contract): its number. */
async function placeOrder(pincode: string, lines: { id: string; quantity: number }[]): Promise<string> {
  const user = await prisma.user.create({ data: { name: "Meera Iyer", email: uniqueEmail("ss-buyer"), passwordHash: "-" } });
  const address = await prisma.address.create({
    data: { userId: user.id, addressLine: "5 Church Street", city: "Bengaluru", state: "KA", country: "India", pincode, mobile: "9876543210" },
  });
  await prisma.cartItem.createMany({ data: lines.map((l) => ({ userId: user.id, productId: l.id, quantity: l.quantity })) });
  const total = lines.reduce((n, l) => n + 50 * l.quantity, 0);
  const res: ApiResult = await call(
    codRoute,
    "POST",
    "/api/order/cash-on-delivery",
    { list_items: lines.map((l) => ({ productId: l.id, quantity: l.quantity })), addressId: address.id, subTotalAmt: total, totalAmt: total },
    { token: (await issueTokenPair(user)).accessToken, ip: randomIp() },
  );
  expect(res.status, res.body.message).toBe(201);
  return (res.body.data as { orderId: string }[])[0]!.orderId;
}

/** One free partner at `storeId`, so its orders are dispatched at once. */
async function freePartner(storeId: string) {
  await prisma.deliveryPartner.create({
    data: {
      name: `Rider ${storeId}`,
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
      storeId,
    },
  });
  invalidateStoreLoad();
}

type RestPickOrder = {
  orderId: string;
  ready: boolean;
  linesDone: number;
  linesTotal: number;
  groups: { category: string; lines: { _id: string; name: string; quantity: number; picked: boolean; short: number }[] }[];
};
const ordersOf = (res: ApiResult) => (res.body.data as { orders: RestPickOrder[] }).orders;
const linesOf = (o: RestPickOrder) => o.groups.flatMap((g) => g.lines);

describe("inviting store staff", () => {
  it("is for admins only, and bad input is refused with what is wrong", async () => {
    expect((await invite({ storeId: "main", email: uniqueEmail("x"), name: "X" }, "")).status).toBe(401);
    const shopper = await invite({ storeId: "main", email: uniqueEmail("x"), name: "X" }, shopperToken);
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe("Do not have permission");

    const noName = await invite({ storeId: "main", email: uniqueEmail("x"), name: "  " });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/Name is required/);
    const badEmail = await invite({ storeId: "main", email: "not-an-email", name: "X" });
    expect(badEmail.status).toBe(400);
    const unknown = await invite({ storeId: "atlantis", email: uniqueEmail("x"), name: "X" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Store not found");
    // someone else's account: a shopper's e-mail is not taken over
    const shopperEmail = uniqueEmail("ss-taken");
    await prisma.user.create({ data: { name: "Taken", email: shopperEmail, passwordHash: "x" } });
    const taken = await invite({ storeId: "main", email: shopperEmail, name: "X" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already belongs to another account/);
    expect((await prisma.user.findUniqueOrThrow({ where: { email: shopperEmail } })).role).toBe("USER");
  });

  it("invites by e-mail; the link sets a password once, and the staff member signs in and lands on /store", async () => {
    const email = uniqueEmail("Staff").toUpperCase();
    const res = await invite({ storeId: "main", email, name: " Asha  Rao " });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toContain(email.toLowerCase());
    expect(res.body.data).toMatchObject({ storeId: "main", name: "Asha Rao", email: email.toLowerCase(), account: "INVITED" });
    expect(res.body.invitation).toMatchObject({ email: email.toLowerCase(), sent: true });

    const { token, mail } = await invitationToken(email.toLowerCase());
    expect(mail.subject).toMatch(/set your password/);
    expect(redactSecrets(mail.text)).not.toContain(token);
    const row = await prisma.staffInvite.findFirstOrThrow({ where: { staffId: (res.body.data as { _id: string })._id } });
    expect(row.tokenHash).not.toBe(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    // not usable before the password is set
    expect((await login(email.toLowerCase(), "anything at all")).status).toBe(401);
    expect(await staffInviteState(token)).toMatchObject({ state: "VALID", storeName: expect.stringMatching(/MG Road/) });

    // inviting again before the password is set re-sends: the new link replaces the old
    const again = await invite({ storeId: "main", email, name: "Asha Rao" });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/re-sent/);
    const { token: second } = await invitationToken(email.toLowerCase());
    expect((await staffInviteState(token)).state).toBe("UNKNOWN");

    await expect(
      acceptStaffInvite({ token: second, password: "password123", confirmPassword: "password123" }, { ip: randomIp() }),
    ).rejects.toThrow(/too common/);
    expect(
      await acceptStaffInvite({ token: second, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() }),
    ).toEqual({ email: email.toLowerCase() });
    await expect(
      acceptStaffInvite({ token: second, password: PASSWORD, confirmPassword: PASSWORD }, { ip: randomIp() }),
    ).rejects.toThrow(/already been used/);

    const signedIn = await login(email.toLowerCase());
    expect(signedIn.status, signedIn.body.message).toBe(200);
    const { role } = await prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(role).toBe("STAFF");
    expect(landingPath(role, "/dashboard/orders")).toBe("/store");

    const list = await listStaff("main");
    expect(list.status).toBe(200);
    expect((list.body.data as { email: string; account: string }[]).find((s) => s.email === email.toLowerCase())).toMatchObject({
      account: "ACTIVE",
    });
    // a member who set a password is not invited again; another store cannot take them
    expect((await invite({ storeId: "main", email, name: "Asha Rao" })).status).toBe(409);
    const elsewhere = await invite({ storeId: "koramangala", email, name: "Asha Rao" });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toMatch(/staff member of .*MG Road/);
  });

  it("staff are no admins, and deactivating signs them out and stops sign-in", async () => {
    const staff = await staffAt("main");
    expect((await listStaff("main", staff.token)).status).toBe(403);
    expect((await call(statusRoute, "PUT", "/api/order/status", { orderId: "KM-0000-XXXXXX", status: "PACKED" }, { token: staff.token })).status).toBe(403);

    expect((await deactivate({ _id: "nobody" })).status).toBe(404);
    const res = await deactivate({ _id: staff.id });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ account: "DEACTIVATED" });
    expect((await pickList(staff.token)).status).toBe(401);
    const refused = await login(staff.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/deactivated/);
    const twice = await deactivate({ _id: staff.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already deactivated/);
    expect(await prisma.auditLog.count({ where: { action: "staff.deactivate", subjectId: staff.id } })).toBe(1);
  });
});

describe("the pick list", () => {
  let mainStaff: { token: string };
  let koraStaff: { token: string };
  let dairy: { id: string; name: string };
  let snacks: { id: string; name: string };

  beforeAll(async () => {
    mainStaff = await staffAt("main");
    koraStaff = await staffAt("koramangala");
    const tag = randomUUID().slice(0, 4);
    dairy = await category(`Aa Dairy ${tag}`);
    snacks = await category(`Zz Snacks ${tag}`);
  });

  it("shows staff their store's placed orders only, oldest first, lines grouped by category; other stores' are 404", async () => {
    const milk = await product("Milk", [dairy.id], { main: 20, koramangala: 20 });
    const chips = await product("Chips", [snacks.id, dairy.id], { main: 20 });
    const first = await placeOrder("560001", [{ id: chips.id, quantity: 1 }, { id: milk.id, quantity: 2 }]);
    const second = await placeOrder("560001", [{ id: milk.id, quantity: 1 }]);
    const kora = await placeOrder("560034", [{ id: milk.id, quantity: 1 }]);

    const list = await pickList(mainStaff.token);
    expect(list.status, list.body.message).toBe(200);
    const numbers = ordersOf(list).map((o) => o.orderId);
    expect(numbers).toContain(first);
    expect(numbers.indexOf(first)).toBeLessThan(numbers.indexOf(second));
    expect(numbers).not.toContain(kora);
    const order = ordersOf(list).find((o) => o.orderId === first)!;
    // chips sit in both categories: the first by name (Dairy) is its shelf
    expect(order.groups.map((g) => g.category)).toEqual([dairy.name]);
    expect(linesOf(order).map((l) => [l.quantity, l.picked, l.short])).toEqual([
      [1, false, 0],
      [2, false, 0],
    ]);

    // another store's staff: the order does not exist; their own list and an explicit other store likewise
    const line = linesOf(order)[0]!;
    const foreign = await mark(koraStaff.token, { orderId: first, lineId: line._id, picked: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Order not found");
    expect((await packed(koraStaff.token, first)).status).toBe(404);
    expect(ordersOf(await pickList(koraStaff.token)).map((o) => o.orderId)).toContain(kora);
    expect((await pickList(koraStaff.token, "main")).status).toBe(404);
    // the admin works every store, naming it
    expect(ordersOf(await pickList(admin, "koramangala")).map((o) => o.orderId)).toContain(kora);
    const noStore = await pickList(admin);
    expect(noStore.status).toBe(400);
    expect(noStore.body.message).toMatch(/storeId is required/);
    // shoppers are refused
    expect((await pickList(shopperToken)).status).toBe(403);
    for (const orderId of [first, second, kora])
      await call(statusRoute, "PUT", "/api/order/status", { orderId, status: "CANCELLED" }, { token: admin });
  });

  it("saves ticks and short marks per line; Packed is refused (409) until every line is done, then dispatch goes on", async () => {
    await freePartner("main");
    const milk = await product("Milk", [dairy.id], { main: 20 });
    const chips = await product("Chips", [snacks.id], { main: 20 });
    const orderId = await placeOrder("560001", [{ id: milk.id, quantity: 3 }, { id: chips.id, quantity: 1 }]);
    const read = async (token = mainStaff.token) => ordersOf(await pickList(token)).find((o) => o.orderId === orderId)!;
    const [milkLine, chipsLine] = linesOf(await read()).sort((a, b) => b.quantity - a.quantity);

    // nothing done yet
    const early = await packed(mainStaff.token, orderId);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Tick or mark short every line before packing: 2 of the order's lines are not done/);

    // bad marks change nothing
    const none = await mark(mainStaff.token, { orderId, lineId: milkLine!._id });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Give picked/);
    const tooMany = await mark(mainStaff.token, { orderId, lineId: milkLine!._id, short: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/short must be from 0 to 3/);
    const both = await mark(mainStaff.token, { orderId, lineId: milkLine!._id, picked: true, short: 1 });
    expect(both.status).toBe(400);
    const otherLine = await mark(mainStaff.token, { orderId, lineId: "not-a-line", picked: true });
    expect(otherLine.status).toBe(404);
    expect(otherLine.body.message).toBe("Line not found on this order");
    expect((await read()).linesDone).toBe(0);

    // one picker ticks milk; the other phone (the admin) sees it
    const ticked = await mark(mainStaff.token, { orderId, lineId: milkLine!._id, picked: true });
    expect(ticked.status, ticked.body.message).toBe(200);
    expect(ticked.body.data).toMatchObject({ linesDone: 1, ready: false });
    const seen = ordersOf(await pickList(admin, "main")).find((o) => o.orderId === orderId)!;
    expect(linesOf(seen).find((l) => l._id === milkLine!._id)).toMatchObject({ picked: true, short: 0 });
    const half = await packed(mainStaff.token, orderId);
    expect(half.status).toBe(409);
    expect(half.body.message).toMatch(/1 of the order's lines is not done \(Chips/);

    // a short mark replaces a tick and back; 0 clears it
    await mark(mainStaff.token, { orderId, lineId: milkLine!._id, short: 1 });
    let now = await read();
    expect(linesOf(now).find((l) => l._id === milkLine!._id)).toMatchObject({ picked: false, short: 1 });
    await mark(mainStaff.token, { orderId, lineId: milkLine!._id, short: 0 });
    now = await read();
    expect(linesOf(now).find((l) => l._id === milkLine!._id)).toMatchObject({ picked: false, short: 0 });
    await mark(mainStaff.token, { orderId, lineId: milkLine!._id, picked: true });
    await mark(mainStaff.token, { orderId, lineId: chipsLine!._id, short: 1 });
    expect(await read()).toMatchObject({ linesDone: 2, ready: true });
    const row = await prisma.orderLine.findUniqueOrThrow({ where: { id: chipsLine!._id } });
    expect(row).toMatchObject({ shortQuantity: 1, pickedAt: null });

    const done = await packed(mainStaff.token, orderId);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.message).toMatch(/packed with 1 unit short/);
    expect(done.body.data).toMatchObject({ status: "PACKED" });
    const items = (done.body.data as { items: { name: string; short: number }[] }).items;
    expect(items.find((i) => i.name === chips.name)).toMatchObject({ short: 1 });
    expect(ordersOf(await pickList(mainStaff.token)).map((o) => o.orderId)).not.toContain(orderId);
    // no more marks once packed; packing again says why
    expect((await mark(mainStaff.token, { orderId, lineId: milkLine!._id, picked: false })).status).toBe(409);
    const again = await packed(mainStaff.token, orderId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is already packed");
    expect(await prisma.auditLog.count({ where: { action: "order.status", subjectLabel: orderId } })).toBe(1);

    // handed to dispatch like the board's Mark packed: its partner takes it out
    const out = await call(statusRoute, "PUT", "/api/order/status", { orderId, status: "OUT_FOR_DELIVERY" }, { token: admin });
    expect(out.status, out.body.message).toBe(200);
    await call(statusRoute, "PUT", "/api/order/status", { orderId, status: "DELIVERED", reason: "test" }, { token: admin });
  });

  it("lets the admin pack any store's order from the pick list", async () => {
    const milk = await product("Milk", [dairy.id], { koramangala: 5 });
    const orderId = await placeOrder("560034", [{ id: milk.id, quantity: 1 }]);
    const order = ordersOf(await pickList(admin, "koramangala")).find((o) => o.orderId === orderId)!;
    await mark(admin, { orderId, lineId: linesOf(order)[0]!._id, picked: true });
    const res = await packed(admin, orderId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ status: "PACKED" });
    await call(statusRoute, "PUT", "/api/order/status", { orderId, status: "CANCELLED" }, { token: admin });
  });

  it("staff pause and resume their own store and receive stock there, not at another store", async () => {
    const pause = (token: string, body: unknown) => call(pauseRoute, "PUT", "/api/store/pause", body, { token });
    const paused = await pause(mainStaff.token, { _id: "main", paused: true, reason: "Stock count" });
    expect(paused.status, paused.body.message).toBe(200);
    expect(paused.body.data).toMatchObject({ paused: true, pausedReason: "Stock count" });
    expect((await pause(mainStaff.token, { _id: "main", paused: true })).status).toBe(400);
    expect((await pause(mainStaff.token, { _id: "koramangala", paused: true, reason: "Rain" })).status).toBe(404);
    expect((await pause(mainStaff.token, { _id: "main", paused: false })).body.data).toMatchObject({ paused: false });
    expect((await pause(shopperToken, { _id: "main", paused: false })).status).toBe(403);
    invalidateStoreTable();

    const rice = await product("Rice", [dairy.id], { main: 2 });
    const receive = (token: string, body: unknown) => call(receiveRoute, "POST", "/api/store/stock/receive", body, { token });
    const res = await receive(mainStaff.token, { storeId: "main", productId: rice.id, quantity: 5 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ received: 5, stock: 7, previous: 2 });
    expect((await prisma.storeStock.findUniqueOrThrow({ where: { storeId_productId: { storeId: "main", productId: rice.id } } })).stock).toBe(7);
    const movement = await prisma.stockMovement.findFirstOrThrow({ where: { productId: rice.id, reason: "RECEIVE", storeId: "main" } });
    expect(movement.delta).toBe(5);
    expect((await receive(mainStaff.token, { storeId: "main", productId: rice.id, quantity: 0 })).status).toBe(400);
    expect((await receive(mainStaff.token, { storeId: "main", productId: "nope", quantity: 1 })).status).toBe(404);
    expect((await receive(mainStaff.token, { storeId: "koramangala", productId: rice.id, quantity: 1 })).status).toBe(404);
  });
});
