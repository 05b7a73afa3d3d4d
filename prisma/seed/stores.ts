// The demo's dark-store network (issue 16): six stores in Bengaluru, each serving its neighbourhood (a radius and a
// list of pincodes), with its own stock drawn from the catalogue, its pickers and two riders. The pincode table
// (pincodes.json, India Post codes of the city with a centroid) ships here: no network at run time.
//
// Promises the docs and tests rely on: 560001, 560025, 560034, 560038 and 560095 are served by stores open 24
// hours (560001 by the default store "main"); "hsr-layout" closes at night (07:00–23:00) and serves none of them;
// 560300 (the airport) is in the city's table but no store serves it. tests/integration/seed.test.ts checks them.
import { readFileSync } from "node:fs";
import { rngFrom } from "./prng";

export interface DemoPincode {
  code: string;
  area: string;
  city: string;
  lat: number;
  lng: number;
}

export const DEMO_PINCODES: readonly DemoPincode[] = JSON.parse(
  readFileSync(new URL("./pincodes.json", import.meta.url), "utf8"),
) as DemoPincode[];

export interface DemoStore {
  id: string;
  name: string;
  area: string;
  address: string;
  lat: number;
  lng: number;
  radiusKm: number;
  pickers: number;
  /** minutes after midnight, Asia/Kolkata */
  opensAt: number;
  closesAt: number;
  isDefault: boolean;
  pincodes: readonly string[];
}

const ALL_DAY = { opensAt: 0, closesAt: 1440 } as const;

export const DEMO_STORES: readonly DemoStore[] = [
  {
    id: "main",
    name: "Kwikmart MG Road",
    area: "MG Road",
    address: "41 MG Road, Ashok Nagar, Bengaluru 560001",
    lat: 12.9755,
    lng: 77.6068,
    radiusKm: 2.5,
    pickers: 3,
    ...ALL_DAY,
    isDefault: true,
    pincodes: ["560001", "560025", "560027", "560042", "560046", "560051", "560052"],
  },
  {
    id: "indiranagar",
    name: "Kwikmart Indiranagar",
    area: "Indiranagar",
    address: "100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038",
    lat: 12.9784,
    lng: 77.6408,
    radiusKm: 2.5,
    pickers: 3,
    ...ALL_DAY,
    isDefault: false,
    pincodes: ["560038", "560008", "560071", "560075", "560093", "560017", "560033"],
  },
  {
    id: "koramangala",
    name: "Kwikmart Koramangala",
    area: "Koramangala",
    address: "80 Feet Road, 4th Block, Koramangala, Bengaluru 560034",
    lat: 12.9352,
    lng: 77.6245,
    radiusKm: 2.5,
    pickers: 3,
    ...ALL_DAY,
    isDefault: false,
    pincodes: ["560034", "560095", "560030", "560047", "560029"],
  },
  {
    id: "hsr-layout",
    name: "Kwikmart HSR Layout",
    area: "HSR Layout",
    address: "27th Main, Sector 1, HSR Layout, Bengaluru 560102",
    lat: 12.9116,
    lng: 77.6474,
    radiusKm: 2,
    pickers: 2,
    opensAt: 7 * 60,
    closesAt: 23 * 60,
    isDefault: false,
    pincodes: ["560102", "560068", "560103", "560035", "560076"],
  },
  {
    id: "jayanagar",
    name: "Kwikmart Jayanagar",
    area: "Jayanagar",
    address: "11th Main, 4th Block, Jayanagar, Bengaluru 560011",
    lat: 12.9299,
    lng: 77.5826,
    radiusKm: 2.5,
    pickers: 2,
    ...ALL_DAY,
    isDefault: false,
    pincodes: ["560011", "560041", "560069", "560004", "560078", "560070", "560050", "560085"],
  },
  {
    id: "malleshwaram",
    name: "Kwikmart Malleshwaram",
    area: "Malleshwaram",
    address: "Sampige Road, Malleshwaram, Bengaluru 560003",
    lat: 13.0031,
    lng: 77.5707,
    radiusKm: 2.5,
    pickers: 2,
    ...ALL_DAY,
    isDefault: false,
    pincodes: ["560003", "560055", "560020", "560080", "560010", "560021", "560032", "560094"],
  },
];

/** Share of products a store other than the default has none of (the default store has the catalogue's stock). */
const OUT_AT_STORE_SHARE = 0.08;

/**
 * A store's stock of a product: the default store has exactly the catalogue's stock (Product.stock, what the shop
 * showed before stores); every other store its own, deterministic per (store, product), some products out.
 */
export function demoStock(store: DemoStore, productId: string, catalogueStock: number): number {
  if (store.isDefault) return catalogueStock;
  const rng = rngFrom(`stock:${store.id}:${productId}`);
  return rng() < OUT_AT_STORE_SHARE ? 0 : 3 + Math.floor(rng() * 150);
}
