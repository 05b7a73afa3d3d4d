import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as registerRoute } from "@/app/api/delivery-partner/register/route";
import { prisma } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { DUPLICATE_PHONE_MESSAGE, registerPartner, REQUIRED_MESSAGE } from "@/lib/partners/register-partner";
import { partnerApplicationSchema } from "@/lib/partners/schema";

// Delivery-partner applications: public, validated, one per phone number, starting unavailable.

const PHONE_MESSAGE = "Enter a valid 10-digit mobile number";

/** A fresh mobile number (10 digits starting 9) that no other test uses. */
const freshPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

async function register(body: unknown, raw?: string) {
  const request = new Request("http://localhost/api/delivery-partner/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });
  const response = await registerRoute(request, undefined as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/delivery-partner/register", () => {
  it("registers an applicant as unavailable, with a partner number, and answers 201", async () => {
    const phone = freshPhone();
    const res = await register({ name: "  Ravi   Kumar ", phone, vehicle: " Bike " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false });
    expect(typeof res.body.message).toBe("string");
    const data = res.body.data as Record<string, unknown>;
    expect(data).toEqual({
      _id: expect.any(String),
      name: "Ravi Kumar",
      phone,
      vehicle: "Bike",
      isAvailable: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      partnerNumber: expect.any(Number),
      // issue 17, beside the contract's fields: the optional e-mail and store, and no account until approved
      email: null,
      storeId: null,
      account: "NONE",
      deactivatedAt: null,
    });
    const stored = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: data._id as string } });
    expect(stored).toMatchObject({ phone, isAvailable: false, seq: data.partnerNumber, vehicle: "Bike" });
  });

  it("stores the phone as 10 digits: +91, a leading 0 and spaces are accepted", async () => {
    const digits = freshPhone();
    const spaced = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
    const res = await register({ name: "Asha", phone: spaced });
    expect(res.status).toBe(201);
    expect((res.body.data as { phone: string }).phone).toBe(digits);

    const other = freshPhone();
    const zero = await register({ name: "Imran", phone: `0${other}` });
    expect((zero.body.data as { phone: string }).phone).toBe(other);
    expect(await prisma.deliveryPartner.count({ where: { phone: { in: [digits, other] } } })).toBe(2);
  });

  it("stores +91 98765 43210 as 9876543210", async () => {
    await prisma.deliveryPartner.deleteMany({ where: { phone: "9876543210" } });
    const res = await register({ name: "Meena", phone: "+91 98765 43210" });
    expect(res.status).toBe(201);
    expect((res.body.data as { phone: string }).phone).toBe("9876543210");
  });

  it("gives each new partner the next number", async () => {
    const a = await register({ name: "First", phone: freshPhone() });
    const b = await register({ name: "Second", phone: freshPhone() });
    const n = (r: typeof a) => (r.body.data as { partnerNumber: number }).partnerNumber;
    expect(n(b)).toBeGreaterThan(n(a));
  });

  it("keeps the vehicle optional: missing, null or blank is stored as null", async () => {
    for (const vehicle of [undefined, null, "   "]) {
      const res = await register({ name: "No Vehicle", phone: freshPhone(), vehicle });
      expect(res.status).toBe(201);
      expect((res.body.data as { vehicle: unknown }).vehicle).toBeNull();
    }
  });

  it("answers 409 for a phone already registered, also written differently, and changes nothing", async () => {
    const digits = freshPhone();
    expect((await register({ name: "Original", phone: digits })).status).toBe(201);
    const before = await prisma.deliveryPartner.count();
    for (const phone of [digits, `+91${digits}`, `0${digits}`, `${digits.slice(0, 5)} ${digits.slice(5)}`, `91${digits}`]) {
      const res = await register({ name: "Copy", phone });
      expect(res.status, phone).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: true, message: DUPLICATE_PHONE_MESSAGE });
    }
    expect(await prisma.deliveryPartner.count()).toBe(before);
    const stored = await prisma.deliveryPartner.findUniqueOrThrow({ where: { phone: digits } });
    expect(stored.name).toBe("Original");
  });

  it("lets only one of two simultaneous applications with one phone through", async () => {
    const digits = freshPhone();
    const results = await Promise.all([
      register({ name: "Racer A", phone: digits }),
      register({ name: "Racer B", phone: `+91 ${digits}` }),
      registerPartner(partnerApplicationSchema.parse({ name: "Racer C", phone: `0${digits}` }), { ip: "203.0.113.7" }).then(
        () => ({ status: 201 }),
        (e: unknown) => ({ status: isAppError(e) ? e.status : 500 }),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await prisma.deliveryPartner.count({ where: { phone: digits } })).toBe(1);
  });

  it("requires name and phone: 'Name and phone are required'", async () => {
    const cases = [
      {},
      { name: "Ravi" },
      { phone: freshPhone() },
      { name: "", phone: freshPhone() },
      { name: "   ", phone: freshPhone() },
      { name: "Ravi", phone: "" },
      { name: "Ravi", phone: "  " },
      { name: null, phone: null },
    ];
    for (const body of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true, message: REQUIRED_MESSAGE });
      expect(res.body.fieldErrors).toBeTypeOf("object");
    }
    expect(REQUIRED_MESSAGE).toBe("Name and phone are required");
  });

  it("refuses numbers that are not 10-digit Indian mobiles", async () => {
    for (const phone of ["12345", "5876543210", "98765432100", "+1 9876543210", "98765abcde", "0000000000", "+91 12345 67890"]) {
      const res = await register({ name: "Ravi", phone });
      expect(res.status, phone).toBe(400);
      expect(res.body).toMatchObject({ message: PHONE_MESSAGE, fieldErrors: { phone: [PHONE_MESSAGE] } });
    }
  });

  it("refuses a vehicle over 40 characters and a name over 80", async () => {
    const vehicle = await register({ name: "Ravi", phone: freshPhone(), vehicle: "v".repeat(41) });
    expect(vehicle.status).toBe(400);
    expect(vehicle.body.message).toBe("Vehicle must be at most 40 characters");
    expect((await register({ name: "Ravi", phone: freshPhone(), vehicle: "v".repeat(40) })).status).toBe(201);
    const name = await register({ name: "n".repeat(81), phone: freshPhone() });
    expect(name.status).toBe(400);
    expect(name.body.fieldErrors).toHaveProperty("name");
  });

  it("answers 400 with the envelope for wrong types and bad bodies, never 500", async () => {
    const huge = "x".repeat(10_240);
    const bodies: unknown[] = [
      { name: 42, phone: freshPhone() },
      { name: ["Ravi"], phone: freshPhone() },
      { name: "Ravi", phone: { number: 1 } },
      { name: "Ravi", phone: [freshPhone()] },
      { name: "Ravi", phone: true },
      { name: "Ravi", phone: freshPhone(), vehicle: 7 },
      { name: huge, phone: freshPhone() },
      { name: "Ravi", phone: huge },
      { name: "Ravi", phone: freshPhone(), vehicle: huge },
    ];
    for (const body of bodies) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
    }
    for (const raw of ["", "not json", "[]", "null", "42", '"Ravi"']) {
      const res = await register(undefined, raw);
      expect(res.status, raw).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
    }
  });
});

describe("flooding the application form", () => {
  it("answers 429 after 50 applications from one address in an hour, storing nothing more", async () => {
    const ip = `203.0.113.${randomInt(1, 250)}`;
    const apply = (phone: string) =>
      registerRoute(
        new Request("http://localhost/api/delivery-partner/register", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ name: "Flood Test", phone }),
        }),
        undefined as never,
      );
    for (let i = 0; i < 50; i++) expect((await apply(freshPhone())).status).toBe(201);
    const before = await prisma.deliveryPartner.count();
    const phone = freshPhone();
    const res = await apply(phone);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/Too many attempts/);
    expect(await prisma.deliveryPartner.count()).toBe(before);
    expect(await prisma.deliveryPartner.findUnique({ where: { phone } })).toBeNull();
  });
});
