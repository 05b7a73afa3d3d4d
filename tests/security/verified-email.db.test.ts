import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { POST as verifyCodeRoute } from "@/app/api/user/verify-email/route";
import { POST as sendCodeRoute } from "@/app/api/user/verify-email/send-code/route";
import { cashOrderNeedsVerifiedEmail } from "@/lib/orders";
import { prisma } from "@/lib/db";
import { flushMail, listOutbox } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 20 #14: an e-mail was never verified before ordering. The registration link exists (accounts-auth.test.ts);
// with REQUIRE_VERIFIED_EMAIL=1 an account's FIRST cash-on-delivery order needs a verified e-mail: REST answers 403
// saying how to verify (POST /api/user/verify-email/send-code, then POST /api/user/verify-email {code}); the code is
// 6 digits, hashed at rest, valid 15 minutes, 5 tries, rate-limited. Off by default: the spec's register → order
// journey and existing REST clients keep working.

const PASSWORD = "verify email password 1";
const NAME = "Click evil.example now";

afterEach(() => {
  delete process.env.REQUIRE_VERIFIED_EMAIL;
});
afterAll(flushMail);

/** The spec's journey: register and log in through the REST calls, an address and a product in the cart. */
async function newShopper() {
  const email = uniqueEmail("verify");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: NAME,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const id = (reg.body.data as { _id: string })._id;
  const login = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  const token = (login.body.data as { accesstoken: string }).accesstoken;
  const address = await prisma.address.create({
    data: {
      userId: id,
      addressLine: "4 Lake View",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  const product = await prisma.product.create({
    data: {
      name: `Verify Rice ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/rice.webp"],
      unit: "1 kg",
      stock: 50,
      pricePaise: 6_000,
      discount: 0,
      description: "test",
    },
  });
  await prisma.cartItem.create({ data: { userId: id, productId: product.id, quantity: 2 } });
  const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * 2);
  const body = { list_items: [{ productId: product.id, quantity: 2 }], addressId: address.id, subTotalAmt: total, totalAmt: total };
  return { id, email, token, body, productId: product.id };
}

type Shopper = Awaited<ReturnType<typeof newShopper>>;

const cod = (s: Shopper) => call(codRoute, "POST", "/api/order/cash-on-delivery", s.body, { token: s.token });
const sendCode = (s: Shopper) => call(sendCodeRoute, "POST", "/api/user/verify-email/send-code", undefined, { token: s.token });
const verify = (s: Shopper, code: unknown) =>
  call(verifyCodeRoute, "POST", "/api/user/verify-email", { code }, { token: s.token });

async function codeFor(email: string): Promise<string> {
  await flushMail();
  const [mail] = await listOutbox({ to: email });
  expect(mail?.subject).toMatch(/verification code/i);
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code, mail!.text).toBeDefined();
  return code!;
}

describe("REQUIRE_VERIFIED_EMAIL off (the default)", () => {
  it("register → cash order keeps working without verifying", async () => {
    const me = await newShopper();
    expect(await cashOrderNeedsVerifiedEmail(me.id)).toBe(false);
    const res = await cod(me);
    expect(res.status, res.body.message).toBe(201);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).verifyEmail).toBe(false);
  });
});

describe("REQUIRE_VERIFIED_EMAIL=1: the first cash order needs a verified e-mail", () => {
  it("REST answers 403 saying how to verify, and nothing changes", async () => {
    process.env.REQUIRE_VERIFIED_EMAIL = "1";
    const me = await newShopper();
    const res = await cod(me);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: true });
    expect(res.body.message).toContain("POST /api/user/verify-email/send-code");
    expect(res.body.message).toContain("POST /api/user/verify-email");
    expect(await prisma.order.count({ where: { userId: me.id } })).toBe(0);
    expect(await prisma.cartItem.count({ where: { userId: me.id } })).toBe(1);
  });

  it("send-code e-mails a 6-digit code (no name in the greeting, hashed at rest); the right code verifies; then the order goes through", async () => {
    process.env.REQUIRE_VERIFIED_EMAIL = "1";
    const me = await newShopper();
    const before = Date.now();
    const sent = await sendCode(me);
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toContain(me.email);
    const code = await codeFor(me.email);

    const [mail] = await listOutbox({ to: me.email });
    expect(mail!.text.startsWith("Hello,")).toBe(true);
    expect(mail!.text + mail!.html).not.toContain("evil.example");
    expect(mail!.subject).not.toContain(code);
    const row = await prisma.emailVerificationCode.findUniqueOrThrow({ where: { userId: me.id } });
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime()).toBeGreaterThan(before + 14 * 60_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    const wrong = await verify(me, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/4 tries left/);
    expect((await verify(me, "12ab")).status).toBe(400);
    expect((await cod(me)).status).toBe(403);

    const ok = await verify(me, code);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toEqual({ verify_email: true });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).verifyEmail).toBe(true);
    expect((await verify(me, code)).status).toBe(200); // already verified: nothing to refuse
    const placed = await cod(me);
    expect(placed.status, placed.body.message).toBe(201);
  });

  it("a code dies after 5 wrong tries and after 15 minutes; a new code replaces the old one", async () => {
    process.env.REQUIRE_VERIFIED_EMAIL = "1";
    const me = await newShopper();
    await sendCode(me);
    const first = await codeFor(me.email);
    const wrongOf = (c: string) => (c === "000000" ? "999999" : "000000");
    for (let i = 0; i < 5; i++) expect((await verify(me, wrongOf(first))).status).toBe(400);
    const dead = await verify(me, first);
    expect(dead.status).toBe(400);
    expect(dead.body.message).toMatch(/no longer valid/);

    await sendCode(me);
    const second = await codeFor(me.email);
    await prisma.emailVerificationCode.update({
      where: { userId: me.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await verify(me, second)).status).toBe(400);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).verifyEmail).toBe(false);
  });

  it("sending codes is limited (5 an hour per account), and so is checking them (10 per 15 minutes)", async () => {
    const me = await newShopper();
    for (let i = 0; i < 5; i++) expect((await sendCode(me)).status).toBe(200);
    const sixth = await sendCode(me);
    expect(sixth.status).toBe(429);
    expect(sixth.response.headers.get("retry-after")).toBeTruthy();

    const other = await newShopper();
    await sendCode(other);
    for (let i = 0; i < 10; i++) expect((await verify(other, "000001")).status).toBe(400);
    expect((await verify(other, "000001")).status).toBe(429);
  });

  it("an account with an earlier cash order, or a verified one, is not asked", async () => {
    const me = await newShopper();
    expect((await cod(me)).status).toBe(201); // placed while the setting was off
    process.env.REQUIRE_VERIFIED_EMAIL = "1";
    await prisma.cartItem.create({ data: { userId: me.id, productId: me.productId, quantity: 2 } });
    expect(await cashOrderNeedsVerifiedEmail(me.id)).toBe(false);
    expect((await cod(me)).status).toBe(201);

    const verified = await newShopper();
    await prisma.user.update({ where: { id: verified.id }, data: { verifyEmail: true } });
    expect((await cod(verified)).status).toBe(201);
  });

  it("the registration mail greets with 'Hello,' and not with the chosen name", async () => {
    const me = await newShopper();
    await flushMail();
    const [mail] = (await listOutbox({ to: me.email })).filter((m) => /Confirm your e-mail/.test(m.subject));
    expect(mail!.text.startsWith("Hello,")).toBe(true);
    expect(mail!.text + mail!.html).not.toContain("evil.example");
  });
});
