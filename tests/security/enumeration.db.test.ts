import { randomInt } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { POST as partnerRoute } from "@/app/api/delivery-partner/register/route";
import { PUT as forgotRoute } from "@/app/api/user/forgot-password/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { PUT as verifyRoute } from "@/app/api/user/verify-forgot-password-otp/route";
import { prisma } from "@/lib/db";
import { flushMail, listOutbox } from "@/lib/mail";
import { call, randomIp, uniqueEmail } from "../fakes/accounts-api";

// Issue 20 #9: no answer may tell whether an e-mail has an account (or a phone a partner) beyond what the REST
// contract fixes (register's and the partner application's 409), and those are limited per real address.

const PASSWORD = "enumeration test 1";

afterAll(flushMail);

async function register(email: string, ip = randomIp()) {
  return call(
    registerRoute,
    "POST",
    "/api/user/register",
    { name: "Enum", email, password: PASSWORD, confirmPassword: PASSWORD },
    { ip },
  );
}

const forgot = (email: string) => call(forgotRoute, "PUT", "/api/user/forgot-password", { email });
const verify = (email: string, otp: string) =>
  call(verifyRoute, "PUT", "/api/user/verify-forgot-password-otp", { email, otp });

async function codeFor(email: string): Promise<string> {
  await flushMail();
  const mail = (await listOutbox({ to: email, limit: 10 })).find((m) =>
    m.subject.includes("password reset code"),
  );
  const code = /reset your Kwikmart password: (\d{6})/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

const other = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, "0");
const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describe("a wrong reset code answers the same for every e-mail", () => {
  it("wrong, dead after 5 tries, used or expired: one status and body, as for an e-mail with no account", async () => {
    const email = uniqueEmail("enum-real");
    expect((await register(email)).status).toBe(201);
    const ghost = uniqueEmail("enum-ghost");
    await forgot(email);
    await forgot(ghost);
    const code = await codeFor(email);

    const reference = answer(await verify(ghost, other(code)));
    expect(reference.status).toBe(400);
    // every try of the 5, then the right code after the code died
    for (let i = 1; i <= 6; i++) {
      expect(answer(await verify(email, other(code, i))), `try ${i}`).toEqual(reference);
      expect(answer(await verify(ghost, other(code, i))), `ghost try ${i}`).toEqual(reference);
    }
    expect(answer(await verify(email, code))).toEqual(reference);

    // a used code and an expired one
    await forgot(email);
    const fresh = await codeFor(email);
    expect((await verify(email, fresh)).status).toBe(200);
    expect(answer(await verify(email, fresh))).toEqual(reference);
    await forgot(email);
    const late = await codeFor(email);
    await prisma.passwordResetCode.updateMany({
      where: { user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(answer(await verify(email, late))).toEqual(reference);
  });
});

describe("register's 409 for a taken e-mail", () => {
  it("stays (the contract) but an address gets 20 of them an hour; then everything from it waits", async () => {
    const ip = randomIp();
    const taken = uniqueEmail("enum-taken");
    expect((await register(taken)).status).toBe(201);
    for (let i = 0; i < 20; i++) expect((await register(taken, ip)).status, `probe ${i + 1}`).toBe(409);
    const blocked = await register(taken, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts/);
    // a free e-mail from that address is refused too, so 201 versus 429 tells nothing
    const fresh = uniqueEmail("enum-fresh");
    expect((await register(fresh, ip)).status).toBe(429);
    expect(await prisma.user.count({ where: { email: fresh } })).toBe(0);
    // another address is not affected
    expect((await register(taken, randomIp())).status).toBe(409);
    expect((await register(fresh, randomIp())).status).toBe(201);
  });
});

describe("the partner application's 409 for a taken phone", () => {
  const phone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
  const apply = (body: unknown, ip: string) =>
    call(partnerRoute, "POST", "/api/delivery-partner/register", body, { ip });

  it("stays, limited per real address: 20 an hour, then everything from it waits", async () => {
    const ip = randomIp();
    const taken = phone();
    expect((await apply({ name: "First", phone: taken }, randomIp())).status).toBe(201);
    for (let i = 0; i < 20; i++) {
      expect((await apply({ name: "Probe", phone: taken }, ip)).status, `probe ${i + 1}`).toBe(409);
    }
    expect((await apply({ name: "Probe", phone: taken }, ip)).status).toBe(429);
    const free = phone();
    expect((await apply({ name: "New", phone: free }, ip)).status).toBe(429);
    expect(await prisma.deliveryPartner.count({ where: { phone: free } })).toBe(0);
    expect((await apply({ name: "New", phone: free }, randomIp())).status).toBe(201);
  });

  it("counts applications per real address, whatever X-Forwarded-For a client writes (TRUST_PROXY=0)", async () => {
    // with no proxy in front, `npm start` puts the socket's address last in X-Forwarded-For; a client-written
    // first entry is ignored, so a fresh fake address per request does not escape the limit
    const real = randomIp();
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (await apply({ name: "Flood", phone: phone() }, `${randomIp()}, ${real}`)).status;
    }
    expect(last).toBe(429);
  });
});
