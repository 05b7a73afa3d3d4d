import { describe, expect, it } from "vitest";
import { promiseMinutes } from "@/lib/stores/eta";
import { haversineKm, rideMinutes } from "@/lib/stores/geo";
import { formatClock, isOpenAt, localMinuteOfDay, nextOpening, parseClock } from "@/lib/stores/hours";
import { createStoreSchema, pauseStoreSchema, serviceabilityQuery } from "@/lib/stores/schemas";
import { findServingStore, type StoreForLookup } from "@/lib/stores/serviceability";

const IST = "Asia/Kolkata";
/** An instant at local time hh:mm in Bengaluru (UTC+05:30) on 2026-11-25. */
const ist = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+05:30`);

describe("opening hours in the shop's time zone", () => {
  it("reads the local time of day in the shop's zone, not the server's", () => {
    expect(localMinuteOfDay(ist("00:00"), IST)).toBe(0);
    expect(localMinuteOfDay(ist("23:59"), IST)).toBe(23 * 60 + 59);
    expect(localMinuteOfDay(new Date("2026-11-25T18:30:00Z"), IST)).toBe(0); // midnight in Bengaluru
    expect(localMinuteOfDay(new Date("2026-11-25T18:30:00Z"), "UTC")).toBe(18 * 60 + 30);
  });

  it("is open within the hours, closed outside, and all day for 00:00–24:00", () => {
    const day = { opensAt: 420, closesAt: 1380 }; // 07:00–23:00
    expect(isOpenAt(day, ist("06:59"), IST)).toBe(false);
    expect(isOpenAt(day, ist("07:00"), IST)).toBe(true);
    expect(isOpenAt(day, ist("22:59"), IST)).toBe(true);
    expect(isOpenAt(day, ist("23:00"), IST)).toBe(false);
    const allDay = { opensAt: 0, closesAt: 1440 };
    for (const t of ["00:00", "03:30", "23:59"]) expect(isOpenAt(allDay, ist(t), IST)).toBe(true);
  });

  it("runs past midnight when it closes before it opens", () => {
    const late = { opensAt: 18 * 60, closesAt: 2 * 60 }; // 18:00–02:00
    expect(isOpenAt(late, ist("17:59"), IST)).toBe(false);
    expect(isOpenAt(late, ist("23:30"), IST)).toBe(true);
    expect(isOpenAt(late, ist("01:59"), IST)).toBe(true);
    expect(isOpenAt(late, ist("02:00"), IST)).toBe(false);
  });

  it("says when a closed store next opens", () => {
    const day = { opensAt: 420, closesAt: 1380 };
    expect(nextOpening(day, ist("12:00"), IST)).toBeNull();
    expect(nextOpening(day, ist("23:30"), IST)?.toISOString()).toBe("2026-11-26T01:30:00.000Z"); // 07:00 tomorrow
    expect(nextOpening(day, ist("05:15"), IST)?.toISOString()).toBe(ist("07:00").toISOString());
  });

  it("formats and parses local times", () => {
    expect([formatClock(0), formatClock(420), formatClock(1380), formatClock(1440)]).toEqual([
      "00:00",
      "07:00",
      "23:00",
      "24:00",
    ]);
    expect([
      parseClock("07:30"),
      parseClock("24:00"),
      parseClock("24:01"),
      parseClock("7:30"),
      parseClock("x"),
    ]).toEqual([450, 1440, null, null, null]);
  });
});

describe("distance and ride", () => {
  it("measures straight lines in km and rides them at 20 km/h with a road factor of 1.35", () => {
    // MG Road to Koramangala, about 4.7 km as the crow flies
    const km = haversineKm({ lat: 12.9755, lng: 77.6068 }, { lat: 12.9352, lng: 77.6245 });
    expect(km).toBeGreaterThan(4.5);
    expect(km).toBeLessThan(5);
    expect(rideMinutes(2)).toBeCloseTo(8.1, 5); // 2 km × 1.35 = 2.7 km at 20 km/h
    expect(rideMinutes(0)).toBe(0);
  });
});

const store = (over: Partial<StoreForLookup> & { id: string }): StoreForLookup => ({
  name: over.id,
  area: over.id,
  lat: 12.97,
  lng: 77.6,
  radiusKm: 2,
  opensAt: 0,
  closesAt: 1440,
  paused: false,
  pausedReason: null,
  pickers: 2,
  isDefault: false,
  pincodes: new Set<string>(),
  ...over,
});

describe("which store serves a point", () => {
  const noon = 12 * 60;
  const a = store({ id: "a", lat: 12.97, lng: 77.6 });
  const b = store({ id: "b", lat: 12.97, lng: 77.63 }); // ~3.25 km east of a
  const listed = store({ id: "listed", lat: 13.1, lng: 77.7, radiusKm: 0, pincodes: new Set(["560035"]) });

  it("serves a point within a store's radius, or a pincode on its list", () => {
    expect(
      findServingStore([a, b], { point: { lat: 12.97, lng: 77.605 }, pincode: null }, noon)?.store.id,
    ).toBe("a");
    const far = { point: { lat: 12.9, lng: 77.6 }, pincode: "560035" };
    expect(findServingStore([a, b, listed], far, noon)?.store.id).toBe("listed");
    expect(findServingStore([a, b], far, noon)).toBeNull();
    expect(findServingStore([a, b, listed], { point: null, pincode: "560300" }, noon)).toBeNull();
  });

  it("picks the nearest open store, ties by id", () => {
    const mid = { point: { lat: 12.97, lng: 77.615 }, pincode: null }; // halfway: both within 2 km
    expect(findServingStore([b, a], mid, noon)?.store.id).toBe("a");
    const nearB = { point: { lat: 12.97, lng: 77.617 }, pincode: null };
    expect(findServingStore([a, b], nearB, noon)?.store.id).toBe("b");
    const both = { point: null, pincode: "560001" };
    const x = store({ id: "x", pincodes: new Set(["560001"]) });
    const w = store({ id: "w", pincodes: new Set(["560001"]) });
    expect(findServingStore([x, w], both, noon)?.store.id).toBe("w");
  });

  it("prefers an open store over a nearer closed or paused one, and reports a closed one when none is open", () => {
    const nearB = { point: { lat: 12.97, lng: 77.617 }, pincode: null };
    const night = store({ ...b, opensAt: 420, closesAt: 1380 });
    expect(findServingStore([a, night], nearB, 23 * 60 + 30)).toMatchObject({
      store: { id: "a" },
      open: true,
    });
    const paused = store({ ...b, paused: true, pausedReason: "Rain" });
    expect(findServingStore([a, paused], nearB, noon)).toMatchObject({ store: { id: "a" }, open: true });
    const onlyNight = { point: { lat: 12.97, lng: 77.645 }, pincode: null }; // beyond a's radius
    expect(findServingStore([a, night], onlyNight, 3 * 60)).toMatchObject({
      store: { id: "b" },
      open: false,
    });
  });
});

describe("the promise", () => {
  it("adds packing (the queue shared among pickers plus this basket), the rider's wait beyond it, and the ride", () => {
    const idle = promiseMinutes({
      openOrderUnits: [],
      pickers: 2,
      basketUnits: 3,
      riderReadyInMinutes: 0,
      distanceKm: 2,
    });
    expect(idle).toMatchObject({ packing: 2, riderWait: 0 });
    expect(idle.minutes).toBe(Math.ceil(2 + 8.1)); // 11

    // four open orders of 4 units (2 min each) shared by 2 pickers: 4 min, plus this basket's 2
    const busy = promiseMinutes({
      openOrderUnits: [4, 4, 4, 4],
      pickers: 2,
      basketUnits: 4,
      riderReadyInMinutes: 0,
      distanceKm: 1,
    });
    expect(busy.packing).toBe(6);

    // the first busy rider is back in 10 minutes: 4 of them waited beyond 6 minutes of packing
    const wait = promiseMinutes({
      openOrderUnits: [4, 4, 4, 4],
      pickers: 2,
      basketUnits: 4,
      riderReadyInMinutes: 10,
      distanceKm: 1,
    });
    expect(wait.riderWait).toBe(4);
    expect(wait.minutes).toBe(Math.ceil(6 + 4 + rideMinutes(1)));

    const nobody = promiseMinutes({
      openOrderUnits: [],
      pickers: 1,
      basketUnits: 0,
      riderReadyInMinutes: null,
      distanceKm: 0,
    });
    expect(nobody.riderWait).toBe(18); // NO_RIDER_MINUTES (20) beyond 2 of packing
  });
});

describe("store inputs", () => {
  it("accepts a pincode or coordinates and refuses malformed ones", () => {
    expect(serviceabilityQuery.parse({ pincode: "560034" })).toEqual({ pincode: "560034" });
    expect(serviceabilityQuery.parse({ lat: "12.93", lng: "77.62" })).toEqual({ lat: 12.93, lng: 77.62 });
    for (const bad of [
      { pincode: "56003" },
      { pincode: "5600345" },
      { pincode: "abcdef" },
      { lat: "91", lng: "77" },
      { lat: "12", lng: "181" },
      { lat: "12" },
      { lat: "x", lng: "1" },
      {},
    ])
      expect(serviceabilityQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("reads hours as local times and needs a radius or pincodes", () => {
    const base = { name: "HSR", area: "HSR Layout", address: "27th Main", lat: 12.91, lng: 77.64 };
    expect(
      createStoreSchema.parse({
        ...base,
        opensAt: "07:00",
        closesAt: "23:00",
        pincodes: [560102, "560 068"],
      }),
    ).toMatchObject({
      opensAt: 420,
      closesAt: 1380,
      radiusKm: 2.5,
      pincodes: ["560068", "560102"],
    });
    expect(createStoreSchema.parse({ ...base, opensAt: "00:00", closesAt: "00:00" })).toMatchObject({
      opensAt: 0,
      closesAt: 1440,
    });
    expect(createStoreSchema.safeParse({ ...base, opensAt: "07:00", closesAt: "07:00" }).success).toBe(false);
    expect(createStoreSchema.safeParse({ ...base, radiusKm: 0 }).success).toBe(false);
    expect(createStoreSchema.safeParse({ ...base, _id: "Bad Id" }).success).toBe(false);
    expect(pauseStoreSchema.safeParse({ _id: "main", paused: true }).success).toBe(false);
    expect(pauseStoreSchema.parse({ _id: "main", paused: false })).toMatchObject({
      paused: false,
      reason: "",
    });
  });
});
