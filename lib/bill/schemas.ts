import "@/lib/zod-browser";
import { z } from "zod";

// The Fees screen's forms (browser and server parse the same schemas): amounts typed in rupees ("30", "4.50"), the
// late-night window as local "HH:MM". A store's amount left empty means "the shop's".

const RUPEES = /^\d{1,6}(\.\d{1,2})?$/;
const rupees = (label: string) =>
  z.string().trim().min(1, `${label} is required (0 for none)`).regex(RUPEES, `${label}: an amount in rupees, e.g. 30 or 4.50`);
const rupeesOrShop = (label: string) =>
  z.string().trim().regex(RUPEES, `${label}: an amount in rupees, e.g. 30 or 4.50, or empty for the shop's`).or(z.literal(""));
const clock = (label: string) =>
  z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}: a time like 23:00`);

export const shopFeesSchema = z.object({
  deliveryFee: rupees("Delivery fee"),
  freeDeliveryFrom: rupees("Free delivery from"),
  handlingFee: rupees("Handling fee"),
  smallCartFee: rupees("Small cart fee"),
  smallCartBelow: rupees("Small cart fee below"),
  lateNightFee: rupees("Late night fee"),
  lateNightFrom: clock("Late night from"),
  lateNightTo: clock("Late night until"),
  highDemandFee: rupees("High demand fee"),
});
export type ShopFeesForm = z.input<typeof shopFeesSchema>;

export const storeFeesSchema = z.object({
  storeId: z.string().trim().min(1, "storeId is required").max(32),
  deliveryFee: rupeesOrShop("Delivery fee"),
  freeDeliveryFrom: rupeesOrShop("Free delivery from"),
  handlingFee: rupeesOrShop("Handling fee"),
  smallCartFee: rupeesOrShop("Small cart fee"),
  smallCartBelow: rupeesOrShop("Small cart fee below"),
  highDemandFee: rupeesOrShop("High demand fee"),
});
export type StoreFeesForm = z.input<typeof storeFeesSchema>;

export const highDemandSchema = z.object({
  storeId: z.string().trim().min(1, "storeId is required").max(32),
  on: z.boolean({ error: "on must be true or false" }),
});

/** "4.50" → 450. */
export const paiseOf = (text: string): number => {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

/** 450 → "4.50", 3000 → "30". */
export const rupeesText = (paise: number): string =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

/** "23:00" → 1380. */
export const minutesOf = (text: string): number => {
  const [h, m] = text.split(":");
  return Number(h) * 60 + Number(m);
};
