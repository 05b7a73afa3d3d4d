import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/address/create/route";
import { DELETE as disableRoute } from "@/app/api/address/disable/route";
import { GET as getRoute } from "@/app/api/address/get/route";
import { PUT as updateRoute } from "@/app/api/address/update/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { prisma } from "@/lib/db";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Saved addresses (spec §2/§3/§4): the caller's active ones newest first; create, update (owner only), and soft
// removal that hides the address everywhere. Someone else's address answers 404.

const PASSWORD = "address password 1";

async function shopper() {
  const email = uniqueEmail("address");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Address Shopper",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  return {
    id: (reg.body.data as { _id: string })._id,
    token: (res.body.data as { accesstoken: string }).accesstoken,
  };
}

type Address = {
  _id: string;
  userId: string;
  address_line: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  status: boolean;
};

const HOME = {
  address_line: "  12, MG Road,   Indiranagar ",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560001",
  mobile: "+91 98765 43210",
};

const create = (token: string, body: unknown) =>
  call(createRoute, "POST", "/api/address/create", body, { token });
const update = (token: string, body: unknown) =>
  call(updateRoute, "PUT", "/api/address/update", body, { token });
const disable = (token: string, body: unknown) =>
  call(disableRoute, "DELETE", "/api/address/disable", body, { token });
const list = async (token: string) => {
  const res = await call(getRoute, "GET", "/api/address/get", undefined, { token });
  expect(res.status).toBe(200);
  return res.body.data as Address[];
};
const rows = (userId: string) =>
  prisma.address.findMany({ where: { userId }, orderBy: { id: "asc" }, omit: { updatedAt: true } });

describe("addresses", () => {
  it("creates, lists newest first, updates and soft-removes", async () => {
    const me = await shopper();
    const res = await create(me.token, HOME);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false });
    const home = res.body.data as Address;
    expect(home).toMatchObject({
      userId: me.id,
      address_line: "12, MG Road, Indiranagar",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
      status: true,
    });

    const office = (
      await create(me.token, { ...HOME, address_line: "Office", pincode: 560002, mobile: 9123456780 })
    ).body.data as Address;
    expect(office).toMatchObject({ pincode: "560002", mobile: "9123456780" });
    expect((await list(me.token)).map((a) => a._id)).toEqual([office._id, home._id]);

    const edited = await update(me.token, {
      _id: home._id,
      userId: "someone-else",
      city: "Mysuru",
      mobile: "09988776655",
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({
      _id: home._id,
      userId: me.id,
      city: "Mysuru",
      mobile: "9988776655",
      state: "Karnataka",
    });

    const full = await update(me.token, { _id: office._id, ...HOME, address_line: "Office, 4th floor" });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ address_line: "Office, 4th floor" });

    const removed = await disable(me.token, { _id: home._id });
    expect(removed.status).toBe(200);
    expect((await list(me.token)).map((a) => a._id)).toEqual([office._id]);
    const stored = await prisma.address.findUniqueOrThrow({ where: { id: home._id } });
    expect(stored.status).toBe(false);

    // a removed address cannot be edited; removing it again is harmless
    expect((await update(me.token, { _id: home._id, city: "Pune" })).status).toBe(404);
    expect((await disable(me.token, { _id: home._id })).status).toBe(200);
  });

  it("refuses a pincode or mobile a rider cannot use, naming the field, and stores Indian spellings normalised", async () => {
    // phone-first issue, item 6 (changes spec §5 on purpose): one schema for the form and REST
    const me = await shopper();
    for (const [body, field, message] of [
      [{ ...HOME, pincode: "12AB" }, "pincode", "Pincode must be 6 digits and cannot start with 0"],
      [{ ...HOME, pincode: "012345" }, "pincode", "Pincode must be 6 digits and cannot start with 0"],
      [{ ...HOME, pincode: "SW1A 1AA" }, "pincode", "Pincode must be 6 digits and cannot start with 0"],
      [
        { ...HOME, mobile: "12" },
        "mobile",
        "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)",
      ],
      [
        { ...HOME, mobile: "+44 20 7946 0958" },
        "mobile",
        "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)",
      ],
      [{ ...HOME, label: "castle" }, "label", "label must be home, work or other"],
    ] as const) {
      const res = await create(me.token, body);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(`${field}: ${message}`);
      expect(res.body.fieldErrors, field).toHaveProperty(field);
    }
    expect(await prisma.address.count({ where: { userId: me.id } })).toBe(0);
    const spaced = (await create(me.token, { ...HOME, mobile: "+91 98765 43210", pincode: "560 034" })).body
      .data as Address;
    expect(spaced).toMatchObject({ mobile: "9876543210", pincode: "560034" });
    expect((await create(me.token, { ...HOME, mobile: "09876543210" })).body.data).toMatchObject({
      mobile: "9876543210",
    });
  });

  it("keeps what a rider needs: receiver (the account's name unless given), flat, landmark and a label", async () => {
    const me = await shopper();
    const plain = (await create(me.token, HOME)).body.data as Address & Record<string, unknown>;
    expect(plain).toMatchObject({
      receiver_name: "Address Shopper",
      house: "",
      landmark: "",
      label: null,
      needs_fix: null,
    });
    const full = (
      await create(me.token, {
        ...HOME,
        receiver_name: "  Asha   Rao ",
        house: "Flat 4B, 2nd floor",
        landmark: "Opposite the blue gate",
        label: "work",
      })
    ).body.data as Address & Record<string, unknown>;
    expect(full).toMatchObject({
      receiver_name: "Asha Rao",
      house: "Flat 4B, 2nd floor",
      landmark: "Opposite the blue gate",
      label: "work",
    });
    const changed = await call(
      updateRoute,
      "PUT",
      "/api/address/update",
      { _id: full._id, landmark: "", label: "home" },
      {
        token: me.token,
      },
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({ landmark: "", label: "home", house: "Flat 4B, 2nd floor" });
  });

  it("requires every field and refuses garbage with 400 and field errors, saving nothing", async () => {
    const me = await shopper();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...HOME, address_line: "   " }, "address_line"],
      [{ ...HOME, city: undefined }, "city"],
      [{ ...HOME, state: "" }, "state"],
      [{ ...HOME, country: null }, "country"],
      [{ ...HOME, pincode: "" }, "pincode"],
      [{ ...HOME, pincode: "5".repeat(21) }, "pincode"],
      [{ ...HOME, mobile: "" }, "mobile"],
      [{ ...HOME, mobile: "1".repeat(21) }, "mobile"],
      [{ ...HOME, address_line: "x".repeat(201) }, "address_line"],
      [{ ...HOME, city: { $gt: "" } }, "city"],
    ];
    for (const [body, field] of cases) {
      const res = await create(me.token, body);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.fieldErrors, field).toHaveProperty(field);
      expect(res.body.message.length).toBeGreaterThan(3);
    }
    expect((await create(me.token, [])).status).toBe(400);
    const notJson = await call(createRoute, "POST", "/api/address/create", undefined, {
      token: me.token,
      raw: "{oops",
    });
    expect(notJson.status).toBe(400);
    expect(await rows(me.id)).toEqual([]);

    const saved = (await create(me.token, HOME)).body.data as Address;
    const before = await rows(me.id);
    expect((await update(me.token, { _id: saved._id, mobile: "  " })).status).toBe(400);
    expect((await update(me.token, { _id: saved._id, city: "" })).status).toBe(400);
    expect((await update(me.token, { city: "Pune" })).status).toBe(400);
    expect((await disable(me.token, {})).status).toBe(400);
    expect(await rows(me.id)).toEqual(before);
  });

  it("treats another shopper's address as not found", async () => {
    const owner = await shopper();
    const other = await shopper();
    const home = (await create(owner.token, HOME)).body.data as Address;
    const before = await rows(owner.id);

    expect((await update(other.token, { _id: home._id, city: "Pune" })).status).toBe(404);
    expect((await disable(other.token, { _id: home._id })).status).toBe(404);
    expect((await disable(other.token, { _id: "no-such-address" })).status).toBe(404);
    expect(await list(other.token)).toEqual([]);
    expect(await rows(owner.id)).toEqual(before);
  });

  it("answers 401 to guests", async () => {
    expect((await call(createRoute, "POST", "/api/address/create", HOME)).status).toBe(401);
    expect((await call(getRoute, "GET", "/api/address/get")).status).toBe(401);
    expect((await call(updateRoute, "PUT", "/api/address/update", { _id: "x", city: "y" })).status).toBe(401);
    expect((await call(disableRoute, "DELETE", "/api/address/disable", { _id: "x" })).status).toBe(401);
  });
});
