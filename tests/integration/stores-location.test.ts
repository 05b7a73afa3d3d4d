import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddress } from "@/lib/addresses/addresses";
import { createAddressBody } from "@/lib/addresses/schema";
import { prisma } from "@/lib/db";
import { setClock } from "@/lib/ops/clock";
import {
  accountLocation,
  NO_PINCODE_NEAR_MESSAGE,
  resolveChoice,
  saveAccountLocation,
} from "@/lib/stores/choose";
import { chooseLocationSchema } from "@/lib/stores/location-choice";
import { installDemoStores } from "../support/demo-stores";

// Choosing where to deliver (issue 16, "Location first"): a pincode, coordinates from geolocation, or one of the
// shopper's own saved addresses becomes a place and its serviceability; a signed-in shopper keeps it on the account.
const ist = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+05:30`);
const choose = (input: unknown, viewerId: string | null) =>
  resolveChoice(chooseLocationSchema.parse(input), viewerId);

const address = {
  address_line: "12 80 Feet Road",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  mobile: "9876543210",
};

let shopperId: string;
let otherId: string;

beforeAll(async () => {
  await installDemoStores();
  setClock(ist("12:00"));
  const user = (name: string) =>
    prisma.user.create({ data: { name, email: `${name}-${randomUUID()}@x.in`, passwordHash: "x" } });
  shopperId = (await user("loc")).id;
  otherId = (await user("other")).id;
});
afterAll(() => setClock(null));

describe("choosing a location", () => {
  it("looks up a typed pincode", async () => {
    const { location, serviceability } = await choose({ pincode: "560034" }, null);
    expect(location).toEqual({ pincode: "560034" });
    expect(serviceability).toMatchObject({
      serviceable: true,
      area: "Koramangala",
      store: { id: "koramangala" },
    });
    expect(serviceability.etaMinutes).toBeGreaterThan(0);
  });

  it("takes a pincode no store serves as a place, not a failure", async () => {
    const { location, serviceability } = await choose({ pincode: "560300" }, null);
    expect(location).toEqual({ pincode: "560300" });
    expect(serviceability).toMatchObject({
      serviceable: false,
      message: "Sorry, we don't deliver to 560300 yet",
    });
  });

  it("resolves coordinates to the nearest pincode and keeps them", async () => {
    const { location, serviceability } = await choose({ lat: 12.928, lng: 77.627 }, null);
    expect(location).toEqual({ pincode: "560034", lat: 12.928, lng: 77.627 });
    expect(serviceability.store?.id).toBe("koramangala");
  });

  it("asks for the pincode when no pincode is near the coordinates", async () => {
    await expect(choose({ lat: 28.61, lng: 77.21 }, null)).rejects.toMatchObject({
      code: "VALIDATION",
      message: NO_PINCODE_NEAR_MESSAGE,
    });
  });

  it("uses the shopper's own saved address, its label and coordinates; never someone else's", async () => {
    const home = await createAddress(
      shopperId,
      createAddressBody.parse({
        ...address,
        pincode: "560038",
        label: "home",
        lat: 12.9784,
        lng: 77.6408,
      }),
    );
    const { location, serviceability } = await choose({ addressId: home.id }, shopperId);
    expect(location).toEqual({ pincode: "560038", lat: 12.9784, lng: 77.6408, label: "Home" });
    expect(serviceability.store?.id).toBe("indiranagar");

    await expect(choose({ addressId: home.id }, otherId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(choose({ addressId: home.id }, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("keeps the place on the account and reads it back", async () => {
    expect(await accountLocation(otherId)).toBeNull();
    await saveAccountLocation(otherId, { pincode: "560034", lat: 12.928, lng: 77.627 });
    expect(await accountLocation(otherId)).toEqual({ pincode: "560034", lat: 12.928, lng: 77.627 });
    await saveAccountLocation(otherId, { pincode: "560001", label: "Work" });
    expect(await accountLocation(otherId)).toEqual({ pincode: "560001", label: "Work" });
  });
});
