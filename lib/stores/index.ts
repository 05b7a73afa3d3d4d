import "server-only";

// Dark stores (issue 16): the stores, which one serves a place, and what it can promise. Pure rules in hours.ts,
// geo.ts, serviceability.ts and eta.ts; the in-memory table (table.ts), live load (load.ts), lookups (lookup.ts),
// the admin's changes (admin.ts) and "notify me" (demand.ts) read and write the database.
export {
  checkServiceability,
  closedMessage,
  defaultStore,
  deliveryMessage,
  findStore,
  listStores,
  notServedMessage,
  type LocationQuery,
  type Serviceability,
  type StoreSummary,
} from "./lookup";
export {
  createStore,
  deleteStore,
  openOrdersMessage,
  pauseStore,
  storeIdFromName,
  updateStore,
  STORE_NOT_FOUND,
} from "./admin";
export { demandByPincode, notifyMeMessage, requestNotification, type PincodeDemand } from "./demand";
export { invalidateStoreTable, storeTable, TABLE_TTL_MS } from "./table";
export { listStoreStock, setStoreStock, type StockChange, type StockPage, type StockRow } from "./stock";
export { invalidateStoreLoad, LOAD_TTL_MS } from "./load";
