import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { setClock } from "@/lib/ops/clock";
import { checkServiceability, invalidateStoreLoad, listStores, pauseStore, TABLE_TTL_MS } from "@/lib/stores";
import { rideMinutes } from "@/lib/stores/geo";
import { installDemoStores } from "../support/demo-stores";

// Serviceability and the promise read from the database: the demo network, the shop's clock pinned.
const ist = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+05:30`);
const admin = { id: null, email: "script:test" };
let buyerId: string;

beforeAll(async () => {
  await installDemoStores();
  buyerId = (
    await prisma.user.create({ data: { name: "B", email: `b-${randomUUID()}@x.in`, passwordHash: "x" } })
  ).id;
});
beforeEach(() => {
  setClock(ist("12:00"));
  invalidateStoreLoad();
});
afterAll(async () => {
  setClock(null);
  await installDemoStores();
});

const phone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

async function order(storeId: string, status: "PLACED" | "PACKED" | "OUT_FOR_DELIVERY", itemCount: number) {
  return prisma.order.create({
    data: {
      orderNumber: `KM-${randomUUID().slice(0, 8)}`,
      userId: buyerId,
      status,
      paymentMethod: "CASH_ON_DELIVERY",
      subtotalPaise: 1000,
      totalPaise: 1000,
      itemCount,
      addressSnapshot: {},
      storeId,
    },
  });
}

describe("which store serves a place", () => {
  it("serves 560034 from Koramangala with a computed promise", async () => {
    const r = await checkServiceability({ pincode: "560034" });
    expect(r).toMatchObject({ serviceable: true, pincode: "560034", area: "Koramangala", city: "Bengaluru" });
    expect(r.store).toMatchObject({ id: "koramangala", open: true, opensAt: "00:00", closesAt: "24:00" });
    expect(r.etaMinutes).toBeGreaterThan(0);
    expect(r.message).toBe(`Delivery in ${r.etaMinutes} minutes`);
  });

  it("serves 560001 from the default store", async () => {
    const r = await checkServiceability({ pincode: "560001" });
    expect(r.store).toMatchObject({ id: "main", isDefault: true, open: true });
  });

  it("says it does not deliver to 560300, naming the pincode", async () => {
    const r = await checkServiceability({ pincode: "560300" });
    expect(r).toMatchObject({
      serviceable: false,
      store: null,
      etaMinutes: null,
      area: "Kempegowda International Airport",
    });
    expect(r.message).toBe("Sorry, we don't deliver to 560300 yet");
    // a pincode the table does not know either
    expect((await checkServiceability({ pincode: "110001" })).message).toBe(
      "Sorry, we don't deliver to 110001 yet",
    );
  });

  it("finds the store and the area from coordinates", async () => {
    const r = await checkServiceability({ lat: 12.972, lng: 77.6405 });
    expect(r).toMatchObject({
      serviceable: true,
      pincode: "560038",
      area: "Indiranagar",
      store: { id: "indiranagar" },
    });
    expect((await checkServiceability({ lat: 13.1986, lng: 77.7066 })).serviceable).toBe(false);
    expect((await checkServiceability({ lat: 28.6, lng: 77.2 })).message).toBe(
      "Sorry, we don't deliver to this location yet",
    );
  });

  it("keeps the night-closed store's pincodes serviceable but closed at night, with its opening time", async () => {
    setClock(ist("03:00"));
    const night = await checkServiceability({ pincode: "560102" });
    expect(night).toMatchObject({
      serviceable: true,
      etaMinutes: null,
      store: { id: "hsr-layout", open: false, opensAt: "07:00" },
    });
    expect(night.message).toBe("Kwikmart HSR Layout is closed now; it opens at 07:00");
    expect(night.store?.opensNextAt?.toISOString()).toBe(ist("07:00").toISOString());
    // the documented pincodes are open all night
    for (const pincode of ["560001", "560025", "560034", "560038", "560095"]) {
      const r = await checkServiceability({ pincode });
      expect(r.store?.open, pincode).toBe(true);
      expect(r.store?.id, pincode).not.toBe("hsr-layout");
    }
    setClock(ist("07:00"));
    expect((await checkServiceability({ pincode: "560102" })).store).toMatchObject({
      id: "hsr-layout",
      open: true,
    });
  });

  it("lists every store with whether it takes orders now", async () => {
    setClock(ist("23:30"));
    const stores = await listStores();
    expect(stores.map((s) => s.id)).toEqual([
      "hsr-layout",
      "indiranagar",
      "jayanagar",
      "koramangala",
      "main",
      "malleshwaram",
    ]);
    expect(stores.find((s) => s.id === "hsr-layout")).toMatchObject({
      open: false,
      opensAt: "07:00",
      closesAt: "23:00",
    });
    expect(stores.filter((s) => s.open)).toHaveLength(5);
  });

  it("shows a pause on the next lookup, with its reason", async () => {
    await pauseStore(admin, { _id: "koramangala", paused: true, reason: "Heavy rain" });
    const r = await checkServiceability({ pincode: "560034" });
    expect(r).toMatchObject({
      serviceable: true,
      etaMinutes: null,
      store: { id: "koramangala", open: false, paused: true },
    });
    expect(r.message).toBe("Kwikmart Koramangala has paused orders (Heavy rain); please try again soon");
    await pauseStore(admin, { _id: "koramangala", paused: false, reason: "" });
    expect((await checkServiceability({ pincode: "560034" })).store?.open).toBe(true);
    expect(TABLE_TTL_MS).toBeLessThanOrEqual(30_000); // other instances see it within this
  });
});

describe("the promise from the store's live load", () => {
  it("grows with the store's unpacked orders and waits for the first busy rider", async () => {
    const store = "jayanagar";
    const point = { pincode: "560011" };
    const ride = (await checkServiceability(point)).distanceKm!;
    // no partner on shift at all: a rider from elsewhere (20 minutes)
    expect((await checkServiceability(point)).etaMinutes).toBe(Math.ceil(2 + 18 + rideMinutes(ride)));

    const p = await prisma.deliveryPartner.create({
      data: { name: "J1", phone: phone(), isAvailable: true, availableSince: new Date(), storeId: store },
    });
    invalidateStoreLoad();
    const idle = await checkServiceability(point);
    expect(idle.etaMinutes).toBe(Math.ceil(2 + rideMinutes(ride)));

    // four unpacked orders of 8 units (3 min each) shared by 2 pickers: 6 more minutes; packed ones do not count
    for (let i = 0; i < 4; i++) await order(store, "PLACED", 8);
    await order(store, "PACKED", 8);
    await order("koramangala", "PLACED", 8);
    invalidateStoreLoad();
    expect((await checkServiceability(point)).etaMinutes).toBe(Math.ceil(2 + 6 + rideMinutes(ride)));

    // the only rider is out, due at the door in 10 minutes and back 6 later: 16 − 8 of packing waited
    const out = await order(store, "OUT_FOR_DELIVERY", 2);
    await prisma.deliveryPartner.update({ where: { id: p.id }, data: { isAvailable: false } });
    await prisma.partnerAssignment.create({
      data: { orderId: out.id, partnerId: p.id, etaMinutes: 10, etaAt: new Date(ist("12:10").getTime()) },
    });
    invalidateStoreLoad();
    expect((await checkServiceability(point)).etaMinutes).toBe(Math.ceil(8 + 8 + rideMinutes(ride)));
  });

  it("answers a lookup in well under 5 ms from the in-memory table", async () => {
    await checkServiceability({ pincode: "560034" }); // warm
    const pins = ["560034", "560001", "560038", "560300", "560102", "560011"];
    const times: number[] = [];
    for (let i = 0; i < 600; i++) {
      const t = performance.now();
      await checkServiceability({ pincode: pins[i % pins.length] });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(5);
  });
});
