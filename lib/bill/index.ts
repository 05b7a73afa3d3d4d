import "server-only";

// The bill (issue 18): the pure engine (compute.ts, schedule.ts: client components import those directly), the fee
// settings and the bill at a store now (settings.ts).
export * from "./compute";
export * from "./lines";
export * from "./schedule";
export {
  appliedFees,
  billAt,
  feesView,
  feeTable,
  invalidateFees,
  setHighDemand,
  updateShopFees,
  updateStoreFees,
  FEES_TTL_MS,
  type FeesView,
  type StoreFeesView,
} from "./settings";
