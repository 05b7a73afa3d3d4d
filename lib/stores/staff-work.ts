import "server-only";
import type { StoreWorker } from "@/lib/auth/staff";
import { AppError } from "@/lib/errors";
import { pauseStore, STORE_NOT_FOUND } from "./admin";
import { findStore, type StoreSummary } from "./lookup";
import type { PauseStoreInput } from "./schemas";
import type { ReceiveStockValues } from "./staff-schema";
import { listStoreStock, receiveStock, type StockChange, type StockRow } from "./stock";

// The store's own screen (/store, issue 16): a staff member works at their store only, an admin at any store. Another
// store does not exist for a staff member (404 "Store not found"), as another partner's order does not for a partner.
// Pausing and receiving stock are the admin's own functions (pauseStore, the stock ledger), with the worker as actor.

export const STORE_REQUIRED = "storeId is required: GET /api/store/list names the stores";

/** The store a call works at: a staff member's own (naming another is 404), or the one an admin names. */
export async function workStore(worker: StoreWorker, requested?: string | null): Promise<StoreSummary> {
  const id = worker.storeId ?? requested;
  if (!id) throw new AppError("VALIDATION", STORE_REQUIRED, { fieldErrors: { storeId: [STORE_REQUIRED] } });
  if (worker.storeId && requested && requested !== worker.storeId) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  const store = await findStore(id);
  if (!store) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  return store;
}

/** Pause (with a reason) or resume the worker's store: the Stores screen's pauseStore, scoped. */
export async function pauseWorkStore(worker: StoreWorker, input: PauseStoreInput): Promise<StoreSummary> {
  await workStore(worker, input._id);
  return pauseStore(worker.viewer, input);
}

/** "Receive stock" at the worker's store: a RECEIVE movement adding the units to the shelf. */
export async function receiveWorkStock(worker: StoreWorker, input: ReceiveStockValues): Promise<StockChange> {
  await workStore(worker, input.storeId);
  return receiveStock(worker.viewer, input);
}

/** The receive screen's product search at the worker's store (by name, with the store's stock). */
export async function searchWorkStock(worker: StoreWorker, input: { storeId: string; search: string }): Promise<StockRow[]> {
  await workStore(worker, input.storeId);
  if (!input.search) return [];
  const page = await listStoreStock({ storeId: input.storeId, search: input.search, page: 1, limit: 20, lowStock: false });
  return page.data;
}

export const receivedMessage = (c: StockChange) => `${c.name}: received ${c.stock - c.before}, now ${c.stock} in stock`;
