import "@/lib/zod-browser";
import { z } from "zod";

// The rules of choosing where to deliver (issue 16, "Location first"): one schema for the location sheet's forms and
// chooseLocationAction (lib/stores/actions.ts). Importable by client components; the sheet that uses it loads on demand.

export const PINCODE_INPUT_MESSAGE = "Enter a 6-digit pincode, such as 560034";
export const COORDINATES_INPUT_MESSAGE =
  "Your location came back out of range (latitude -90 to 90, longitude -180 to 180); type your pincode instead";
export const CHOOSE_ONE_MESSAGE = "Type a pincode, use your current location or pick a saved address";

/** The pincode box of the sheet: 6 digits, the first not 0 (spaces dropped). */
export const pincodeInput = z
  .union([z.string(), z.number()], { error: PINCODE_INPUT_MESSAGE })
  .transform((v) => String(v).replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[1-9]\d{5}$/, PINCODE_INPUT_MESSAGE));

const coordinate = (limit: number) =>
  z
    .number({ error: COORDINATES_INPUT_MESSAGE })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= limit, COORDINATES_INPUT_MESSAGE);

/** The pincode form (the sheet's field is named `pincode`). */
export const pincodeFormSchema = z.object({ pincode: pincodeInput });

export type LocationChoice =
  | { kind: "pincode"; pincode: string }
  | { kind: "coordinates"; lat: number; lng: number }
  | { kind: "address"; addressId: string };

/** One of: `{pincode}`, `{lat, lng}` (geolocation) or `{addressId}` (a signed-in shopper's saved address). */
export const chooseLocationSchema = z
  .object({
    pincode: pincodeInput.optional(),
    lat: coordinate(90).optional(),
    lng: coordinate(180).optional(),
    addressId: z
      .string({ error: "addressId must be text" })
      .trim()
      .min(1, "Pick one of your saved addresses")
      .max(64, "That saved address was not found")
      .optional(),
  })
  .transform((v, ctx): LocationChoice => {
    if (v.addressId) return { kind: "address", addressId: v.addressId };
    if (v.lat !== undefined || v.lng !== undefined) {
      if (v.lat === undefined || v.lng === undefined) {
        ctx.addIssue({ code: "custom", path: ["lat"], message: COORDINATES_INPUT_MESSAGE });
        return z.NEVER;
      }
      return { kind: "coordinates", lat: v.lat, lng: v.lng };
    }
    if (v.pincode) return { kind: "pincode", pincode: v.pincode };
    ctx.addIssue({ code: "custom", path: ["pincode"], message: CHOOSE_ONE_MESSAGE });
    return z.NEVER;
  });
export type ChooseLocationInput = z.input<typeof chooseLocationSchema>;
