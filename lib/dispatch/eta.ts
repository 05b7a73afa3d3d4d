// The delivery promise is 10 minutes. The ETA a shopper sees is computed, never random:
//
//   etaMinutes = ceil(packing + travel + queue)
//   packing    = min(2 + 0.25 × max(0, items − 4), 4)       minutes: 2 min for a basket of up to 4 items,
//                                                            15 s for each item beyond, at most 4 min
//   travel     = 6                                          minutes: the dark store's delivery radius
//                                                            (≈2 km at a rider's 20 km/h city speed)
//   queue      = max(0, partnerReadyIn − packing)          minutes the order waits for its rider beyond its
//                                                            own packing; partnerReadyIn is 0 for a partner
//                                                            idle at the store and `travel` (the ride back) for a
//                                                            partner handed the order at a customer's door
//
// So an idle partner delivers up to 4 items in 8 minutes and any basket within the promised 10; an order handed
// to a partner straight after a delivery takes 6 + 6 = 12 minutes (the rider rides back while it is packed).
// `items` counts units (the sum of the line quantities).

export const PACKING_BASE_MINUTES = 2;
export const PACKING_FREE_ITEMS = 4;
export const PACKING_MINUTES_PER_EXTRA_ITEM = 0.25;
export const PACKING_CAP_MINUTES = 4;
export const TRAVEL_MINUTES = 6;

export type EtaInput = {
  /** units in the order (sum of quantities) */
  itemCount: number;
  /** minutes until the partner is back at the store: 0 when idle there */
  partnerReadyInMinutes?: number;
};

export type Eta = { packing: number; travel: number; queue: number; minutes: number };

export function packingMinutes(itemCount: number): number {
  const extra = Math.max(0, Math.floor(itemCount) - PACKING_FREE_ITEMS);
  return Math.min(PACKING_BASE_MINUTES + PACKING_MINUTES_PER_EXTRA_ITEM * extra, PACKING_CAP_MINUTES);
}

export function computeEta({ itemCount, partnerReadyInMinutes = 0 }: EtaInput): Eta {
  const packing = packingMinutes(itemCount);
  const travel = TRAVEL_MINUTES;
  const queue = Math.max(0, partnerReadyInMinutes - packing);
  return { packing, travel, queue, minutes: Math.ceil(packing + travel + queue) };
}

/** "9 minutes", "1 minute". */
export const formatEta = (minutes: number): string => `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
