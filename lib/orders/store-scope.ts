import "server-only";
import type { Prisma } from "@/lib/db";
import { findStore } from "@/lib/stores";

// Which orders belong to a dark store (issue 16): those it sells (Order.storeId), and for the default store also the
// orders from before stores (storeId null), which its shelf and riders served. The pick list and a staff member's
// steps see only their store's orders this way.

async function isDefaultStore(storeId: string): Promise<boolean> {
  return !!(await findStore(storeId))?.isDefault;
}

/** The orders of a store, as a Prisma filter. */
export async function ordersOfStore(storeId: string): Promise<Prisma.OrderWhereInput> {
  return (await isDefaultStore(storeId)) ? { OR: [{ storeId }, { storeId: null }] } : { storeId };
}

/** Whether an order (its storeId) belongs to the store. */
export async function isOrderOfStore(orderStoreId: string | null, storeId: string): Promise<boolean> {
  if (orderStoreId !== null) return orderStoreId === storeId;
  return isDefaultStore(storeId);
}
