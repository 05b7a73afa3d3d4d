import { formatClock, isOpenAtMinute, localMinuteOfDay } from "@/lib/stores/hours";
import { formatPaise } from "@/lib/money";
import type { AppliedFees, BasketFees } from "./compute";

// The fee settings (shop-wide defaults and a store's overrides, lib/bill/settings.ts reads them) and which fees apply
// at a store at a moment. Pure: the clock and the time zone are passed in (lib/ops/clock.ts: `now()` and `SHOP_TZ`),
// so tests pick any hour.

/** The shop-wide fees, in paise; the late-night window in minutes after local midnight in the shop's time zone. */
export type FeeSettings = BasketFees & {
  /** 0: no late-night fee (the default) */
  lateNightFeePaise: number;
  /** 0–1439; a window ending before it starts runs past midnight (23:00–06:00); from = to: no window */
  lateNightFrom: number;
  lateNightTo: number;
  /** charged at a store whose high demand an admin switched on */
  highDemandFeePaise: number;
};

/** The fees a store sets differently from the shop (null: the shop's), and its high-demand switch. */
export type StoreFeeOverrides = {
  deliveryFeePaise: number | null;
  freeDeliveryFromPaise: number | null;
  handlingFeePaise: number | null;
  smallCartFeePaise: number | null;
  smallCartBelowPaise: number | null;
  highDemandFeePaise: number | null;
  /** switched on by an admin (a surge, rain, few riders): the high-demand fee applies at this store */
  highDemand: boolean;
};

export const STORE_OVERRIDE_KEYS = [
  "deliveryFeePaise",
  "freeDeliveryFromPaise",
  "handlingFeePaise",
  "smallCartFeePaise",
  "smallCartBelowPaise",
  "highDemandFeePaise",
] as const satisfies readonly (keyof StoreFeeOverrides & keyof FeeSettings)[];

/** What a real quick-commerce shop charges (issue 18): delivery ₹30, free from ₹199; handling ₹4; ₹20 below ₹99. */
export const DEFAULT_FEES: FeeSettings = {
  deliveryFeePaise: 3000,
  freeDeliveryFromPaise: 19900,
  handlingFeePaise: 400,
  smallCartFeePaise: 2000,
  smallCartBelowPaise: 9900,
  lateNightFeePaise: 0,
  lateNightFrom: 23 * 60,
  lateNightTo: 6 * 60,
  highDemandFeePaise: 1000,
};

export const NO_OVERRIDES: StoreFeeOverrides = {
  deliveryFeePaise: null,
  freeDeliveryFromPaise: null,
  handlingFeePaise: null,
  smallCartFeePaise: null,
  smallCartBelowPaise: null,
  highDemandFeePaise: null,
  highDemand: false,
};

/** Whether local minute `m` (0–1439) is inside a late-night window; from = to is no window. */
export function inLateNightWindow(from: number, to: number, m: number): boolean {
  if (from === to) return false;
  return isOpenAtMinute({ opensAt: from, closesAt: to === 0 ? 1440 : to }, m);
}


/** The fees that apply at a store at `at` (local time in `timeZone`): the shop's, with the store's overrides. */
export function feesAt(
  shop: FeeSettings,
  store: StoreFeeOverrides & { area: string },
  at: Date,
  timeZone: string,
): AppliedFees {
  const pick = (key: (typeof STORE_OVERRIDE_KEYS)[number]) => store[key] ?? shop[key];
  const lateNightOn =
    shop.lateNightFeePaise > 0 && shop.lateNightFrom !== shop.lateNightTo;
  const lateNightNow =
    lateNightOn && inLateNightWindow(shop.lateNightFrom, shop.lateNightTo, localMinuteOfDay(at, timeZone));
  const freeDeliveryFromPaise = pick("freeDeliveryFromPaise");
  const smallCartBelowPaise = pick("smallCartBelowPaise");
  return {
    deliveryFeePaise: pick("deliveryFeePaise"),
    freeDeliveryFromPaise,
    handlingFeePaise: pick("handlingFeePaise"),
    smallCartFeePaise: pick("smallCartFeePaise"),
    smallCartBelowPaise,
    lateNightFeePaise: lateNightNow ? shop.lateNightFeePaise : 0,
    highDemandFeePaise: store.highDemand ? pick("highDemandFeePaise") : 0,
    // what the shopper reads behind a fee's "i", when it is charged
    notes: {
      deliveryFee: `Free delivery on orders of ${formatPaise(freeDeliveryFromPaise)} and above`,
      handlingFee: "Covers picking and packing your order at the store",
      smallCartFee: `Applies to orders below ${formatPaise(smallCartBelowPaise)}`,
      lateNightFee: `Applies to orders placed between ${formatClock(shop.lateNightFrom)} and ${formatClock(shop.lateNightTo)}`,
      highDemandFee: `The ${store.area} store is very busy right now; this helps get more riders out`,
    },
  };
}
