import "@/lib/zod-browser";
import { z } from "zod";

// The admin's store form (browser and server): every field as typed text; toStoreInput makes the body of
// POST /api/store/create or PUT /api/store/update, whose schemas (./schemas.ts) check it again on the server and name
// the same fields in their messages.

const required = (label: string) => z.string().trim().min(1, `${label} is required`);

export const storeFormSchema = z.object({
  _id: z.string().trim(),
  name: required("name"),
  area: required("area"),
  address: required("address"),
  lat: required("lat"),
  lng: required("lng"),
  radiusKm: z.string().trim(),
  pincodes: z.string().trim(),
  pickers: required("pickers"),
  opensAt: required("opensAt"),
  closesAt: required("closesAt"),
});
export type StoreFormValues = z.input<typeof storeFormSchema>;

/** The pincodes typed as a list ("560001, 560002" or one per line). */
export const splitPincodes = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);

export function toStoreInput(v: z.output<typeof storeFormSchema>) {
  return {
    ...(v._id ? { _id: v._id } : {}),
    name: v.name,
    area: v.area,
    address: v.address,
    lat: v.lat,
    lng: v.lng,
    radiusKm: v.radiusKm === "" ? "0" : v.radiusKm,
    pincodes: splitPincodes(v.pincodes),
    pickers: v.pickers,
    opensAt: v.opensAt,
    closesAt: v.closesAt,
  };
}
