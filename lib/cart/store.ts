import "server-only";
import { isAppError } from "@/lib/errors";
import { assertCanSell, type ShopperStore } from "@/lib/stores/current";

// Which store a cart change is checked against, and whether that store takes changes now (issue 16). The web's
// shopper store comes from the location cookie (lib/stores/current.ts shopperStore); a REST call names a store
// (restStoreId) and has no location, so only the store's own state (closed, paused) can refuse it.

/** A REST caller's store as lib/stores' ShopperStore (no location: its serviceability is not in question). */
export const namedStore = (storeId: string): ShopperStore => ({
  storeId,
  location: null,
  serviceability: null,
});

/**
 * Why the store cannot take cart changes now (a paused or closed store, a place no store serves), or null.
 * Adding refuses with it (409); lowering or removing a line never needs it.
 */
export async function sellRefusal(shopper: ShopperStore): Promise<string | null> {
  try {
    await assertCanSell(shopper);
    return null;
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") return error.message;
    throw error;
  }
}
