import { describe, expect, it } from "vitest";
import {
  CHOOSE_ONE_MESSAGE,
  chooseLocationSchema,
  COORDINATES_INPUT_MESSAGE,
  PINCODE_INPUT_MESSAGE,
} from "@/lib/stores/location-choice";
import {
  addressLabel,
  describeLocation,
  placeName,
  SELECT_LOCATION,
  type ServiceabilityLike,
} from "@/lib/stores/location-view";

const store = {
  name: "Kwikmart Koramangala",
  open: true,
  paused: false,
  pausedReason: null,
  opensAt: "00:00",
};
const open: ServiceabilityLike = {
  serviceable: true,
  pincode: "560034",
  area: "Koramangala",
  etaMinutes: 11,
  message: "Delivery in 11 minutes",
  store,
};

describe("what the header says about the shopper's location", () => {
  it("asks for a location before one is chosen, and blocks nothing", () => {
    const view = describeLocation(null, null);
    expect(view).toMatchObject({ state: "none", headline: SELECT_LOCATION, place: null, blocked: null });
  });

  it("promises the computed minutes and names the area and pincode", () => {
    const view = describeLocation({ pincode: "560034" }, open);
    expect(view).toMatchObject({
      state: "open",
      headline: "Delivery in 11 minutes",
      place: "Koramangala, 560034",
      etaMinutes: 11,
      blocked: null,
    });
  });

  it("puts a saved address's label in front of the place", () => {
    expect(describeLocation({ pincode: "560034", label: "Home" }, open).place).toBe(
      "Home · Koramangala, 560034",
    );
  });

  it("names the pincode no store serves and blocks ADD with that reason", () => {
    const message = "Sorry, we don't deliver to 560300 yet";
    const view = describeLocation(
      { pincode: "560300" },
      {
        serviceable: false,
        pincode: "560300",
        area: "Kempegowda International Airport",
        etaMinutes: null,
        message,
        store: null,
      },
    );
    expect(view).toMatchObject({
      state: "unserved",
      headline: message,
      blocked: message,
      blockedShort: "No delivery to 560300 yet",
      place: "Kempegowda International Airport, 560300",
    });
  });

  it("says when a closed store opens, and why a paused one paused, instead of a promise", () => {
    const closed = describeLocation(
      { pincode: "560102" },
      {
        ...open,
        pincode: "560102",
        area: "HSR Layout",
        etaMinutes: null,
        message: "Kwikmart HSR Layout is closed now; it opens at 07:00",
        store: { ...store, open: false, opensAt: "07:00" },
      },
    );
    expect(closed).toMatchObject({
      state: "closed",
      headline: "Kwikmart HSR Layout is closed now; it opens at 07:00",
      blockedShort: "Opens at 07:00",
      etaMinutes: null,
    });
    const paused = describeLocation(
      { pincode: "560034" },
      {
        ...open,
        etaMinutes: null,
        message: "Kwikmart Koramangala has paused orders (Heavy rain); please try again soon",
        store: { ...store, open: false, paused: true, pausedReason: "Heavy rain" },
      },
    );
    expect(paused.blocked).toContain("Heavy rain");
    expect(paused.blockedShort).toBe("Orders paused");
  });

  it("writes the place from what is known", () => {
    expect(placeName("Koramangala", "560034")).toBe("Koramangala, 560034");
    expect(placeName(null, "560999")).toBe("560999");
    expect(placeName(null, null, "Home")).toBeNull();
    expect(addressLabel("home")).toBe("Home");
    expect(addressLabel("work")).toBe("Work");
    expect(addressLabel("other")).toBeUndefined();
    expect(addressLabel(null)).toBeUndefined();
  });
});

describe("choosing a location", () => {
  const parse = (v: unknown) => chooseLocationSchema.safeParse(v);
  const message = (v: unknown) => {
    const r = parse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it("takes a 6-digit pincode (spaces dropped) and refuses anything else clearly", () => {
    expect(parse({ pincode: "560034" }).data).toEqual({ kind: "pincode", pincode: "560034" });
    expect(parse({ pincode: " 560 034 " }).data).toEqual({ kind: "pincode", pincode: "560034" });
    expect(parse({ pincode: 560034 }).data).toEqual({ kind: "pincode", pincode: "560034" });
    for (const bad of ["5600", "5600345", "12AB56", "060034", ""]) {
      expect(message({ pincode: bad }), bad).toBe(PINCODE_INPUT_MESSAGE);
    }
  });

  it("takes coordinates in range, both of them", () => {
    expect(parse({ lat: 12.93, lng: 77.62 }).data).toEqual({ kind: "coordinates", lat: 12.93, lng: 77.62 });
    expect(message({ lat: 91, lng: 77 })).toBe(COORDINATES_INPUT_MESSAGE);
    expect(message({ lat: 12, lng: -181 })).toBe(COORDINATES_INPUT_MESSAGE);
    expect(message({ lat: 12 })).toBe(COORDINATES_INPUT_MESSAGE);
    expect(message({ lat: "12", lng: "77" })).toBe(COORDINATES_INPUT_MESSAGE);
  });

  it("takes a saved address id, and asks for something when given nothing", () => {
    expect(parse({ addressId: "ck123" }).data).toEqual({ kind: "address", addressId: "ck123" });
    expect(message({})).toBe(CHOOSE_ONE_MESSAGE);
  });
});
