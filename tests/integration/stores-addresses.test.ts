import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/address/create/route";
import { PUT as updateRoute } from "@/app/api/address/update/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Addresses carry optional coordinates of the door (issue 16): a store serves an address by them, or by its
// pincode's centroid when there are none. Optional over REST, both or neither.
const base = {
  address_line: "12 80 Feet Road",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560034",
  mobile: "9876543210",
};

async function token() {
  const user = await prisma.user.create({
    data: { name: "Geo", email: uniqueEmail("geo"), passwordHash: "x" },
  });
  return (await issueTokenPair(user)).accessToken;
}

describe("address coordinates", () => {
  it("saves lat and lng when given, null when not, and clears them with null", async () => {
    const t = await token();
    const without = await call(createRoute, "POST", "/api/address/create", base, { token: t });
    expect(without.status).toBe(201);
    expect(without.body.data).toMatchObject({ lat: null, lng: null });

    const withPoint = await call(
      createRoute,
      "POST",
      "/api/address/create",
      { ...base, lat: 12.9279, lng: "77.6271" },
      { token: t },
    );
    expect(withPoint.status).toBe(201);
    const saved = withPoint.body.data as { _id: string; lat: number; lng: number };
    expect([saved.lat, saved.lng]).toEqual([12.9279, 77.6271]);

    const cleared = await call(
      updateRoute,
      "PUT",
      "/api/address/update",
      { _id: saved._id, lat: null, lng: null },
      { token: t },
    );
    expect(cleared.status).toBe(200);
    expect(await prisma.address.findUniqueOrThrow({ where: { id: saved._id } })).toMatchObject({
      lat: null,
      lng: null,
    });
  });

  it("refuses one without the other and values out of range with 400", async () => {
    const t = await token();
    for (const extra of [
      { lat: 12.9 },
      { lng: 77.6 },
      { lat: 91, lng: 77 },
      { lat: 12, lng: 181 },
      { lat: "x", lng: 1 },
      { lat: true, lng: 1 },
    ]) {
      const r = await call(createRoute, "POST", "/api/address/create", { ...base, ...extra }, { token: t });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.message).toMatch(/lat|lng/);
    }
  });
});
