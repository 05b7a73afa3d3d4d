// What the shop's screens say about the shopper's location (issue 16, "The header tells the truth"): the header's
// two lines, the "Where should we deliver?" prompt and why ADD is disabled. Pure and importable by client components:
// the server builds it from the location cookie and its serviceability (lib/stores/current.ts), the browser only
// shows it. No zod here: the header imports it on every page (the choice's rules are in ./location-choice.ts).

/** The serviceability fields a view is made from (lib/stores/lookup.ts `Serviceability`, structurally). */
export type ServiceabilityLike = {
  serviceable: boolean;
  pincode: string | null;
  area: string | null;
  etaMinutes: number | null;
  message: string;
  store: {
    name: string;
    open: boolean;
    paused: boolean;
    pausedReason: string | null;
    opensAt: string;
  } | null;
};

export type LocationState = "none" | "open" | "closed" | "unserved";

export type LocationView = {
  /** none: no location chosen yet; open: a store takes orders now; closed: closed or paused; unserved: no store */
  state: LocationState;
  /** the header's first line: "Delivery in 11 minutes", "Select your location", the closed/paused/unserved message */
  headline: string;
  /** the header's second line: "Koramangala, 560034" (with a saved address's label in front); null before a location */
  place: string | null;
  pincode: string | null;
  area: string | null;
  etaMinutes: number | null;
  /** why nothing can be added to the cart here (shown by every ADD); null while the shop sells here */
  blocked: string | null;
  /** the same reason in a few words, for the product cards */
  blockedShort: string | null;
};

export const SELECT_LOCATION = "Select your location";
export const WHERE_TO_DELIVER = "Where should we deliver?";

/** "Koramangala, 560034" (or only the one of them that is known). */
export function placeName(area: string | null, pincode: string | null, label?: string | null): string | null {
  const place = [area, pincode].filter(Boolean).join(", ") || null;
  if (!place) return null;
  return label ? `${label} · ${place}` : place;
}

/** The view of a chosen location (null: none yet) and its serviceability. */
export function describeLocation(
  location: { pincode: string; label?: string } | null,
  serviceability: ServiceabilityLike | null,
): LocationView {
  if (!location || !serviceability) {
    return {
      state: "none",
      headline: SELECT_LOCATION,
      place: null,
      pincode: null,
      area: null,
      etaMinutes: null,
      blocked: null,
      blockedShort: null,
    };
  }
  const pincode = serviceability.pincode ?? location.pincode;
  const area = serviceability.area;
  const place = placeName(area, pincode, location.label);
  const common = { place, pincode, area };
  const store = serviceability.store;
  if (!serviceability.serviceable || !store) {
    return {
      ...common,
      state: "unserved",
      headline: serviceability.message,
      etaMinutes: null,
      blocked: serviceability.message,
      blockedShort: `No delivery to ${pincode} yet`,
    };
  }
  if (!store.open || serviceability.etaMinutes === null) {
    return {
      ...common,
      state: "closed",
      headline: serviceability.message,
      etaMinutes: null,
      blocked: serviceability.message,
      blockedShort: store.paused ? "Orders paused" : `Opens at ${store.opensAt}`,
    };
  }
  return {
    ...common,
    state: "open",
    headline: serviceability.message,
    etaMinutes: serviceability.etaMinutes,
    blocked: null,
    blockedShort: null,
  };
}

/** What a saved address is called in the header: its Home / Work label (nothing for others). */
export function addressLabel(label: string | null | undefined): string | undefined {
  if (label === "home") return "Home";
  if (label === "work") return "Work";
  return undefined;
}
