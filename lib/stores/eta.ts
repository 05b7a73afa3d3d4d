import { packingMinutes, TRAVEL_MINUTES } from "@/lib/dispatch/eta";
import { rideMinutes } from "./geo";

// The promise (issue 16), from live data of the serving store:
//
//   etaMinutes = ceil(packing + riderWait + ride), at least 1
//   packing    = Σ packing(open order) ÷ pickers + packing(this basket)
//                open orders: the store's orders placed and not yet packed; packing(n units) is today's formula,
//                min(2 + 0.25 × max(0, n − 4), 4) minutes (lib/dispatch/eta.ts)
//   riderWait  = max(0, riderReadyIn − packing)
//                riderReadyIn: 0 when one of the store's partners is free; else minutes until the first busy one
//                is back (their delivery's ETA plus the ride back, 6 minutes as today); with no partner on shift at
//                all, NO_RIDER_MINUTES. The rider rides back while the order is packed, so only the rest is waited.
//   ride       = straight-line km from the store to the delivery point × 1.35 (road factor) at 20 km/h
//                (./geo.ts); a point without coordinates is taken at the store's radius (its farthest doorstep)

/** Minutes assumed until a rider is found when the store has nobody on shift (a rider sent from elsewhere). */
export const NO_RIDER_MINUTES = 20;
/** The ride back to the store after a delivery (today's constant travel time). */
export const RIDE_BACK_MINUTES = TRAVEL_MINUTES;

export type StoreLoad = {
  /** units (summed quantities) of each of the store's orders placed and not yet packed */
  openOrderUnits: readonly number[];
  /** minutes until a rider is at the store: 0 when one is free, null when nobody is on shift */
  riderReadyInMinutes: number | null;
};

export type PromiseInput = StoreLoad & {
  pickers: number;
  /** units in this basket (0 before there is one: a small basket's packing) */
  basketUnits: number;
  /** straight-line km from the store to the point */
  distanceKm: number;
};

export type StorePromise = { packing: number; riderWait: number; ride: number; minutes: number };

export function promiseMinutes(input: PromiseInput): StorePromise {
  const queue = input.openOrderUnits.reduce((sum, units) => sum + packingMinutes(units), 0);
  const packing = queue / Math.max(1, input.pickers) + packingMinutes(input.basketUnits);
  const readyIn = input.riderReadyInMinutes ?? NO_RIDER_MINUTES;
  const riderWait = Math.max(0, readyIn - packing);
  const ride = rideMinutes(Math.max(0, input.distanceKm));
  return { packing, riderWait, ride, minutes: Math.max(1, Math.ceil(packing + riderWait + ride - 1e-9)) };
}
