import "server-only";
import { prisma } from "@/lib/db";
import { addressProblem } from "@/lib/addresses/schema";
import { AppError } from "@/lib/errors";
import { checkServiceability, closedMessage, notServedMessage } from "@/lib/stores";

// Which dark store sells an order (issue 16): the one serving the chosen delivery address, decided on the server at
// checkout and never taken from the client (a client's store, X-Store-Id or the location cookie, only chooses what
// the catalogue shows). The address's point is its saved coordinates, or its pincode's centroid; among the open
// stores serving it the nearest wins, ties by id (lib/stores). Decided before anything is written, paid or taken:
// an address no store serves, or whose store is closed or paused, is refused with 409 and changes nothing.

export type DeliveryStore = {
  storeId: string;
  /** the ETA promised for this basket at this store, in minutes (recorded on the order) */
  promisedMinutes: number | null;
};

/**
 * The store that will sell the shopper's cart to this address, with its promise for the cart's units. Null when the
 * address is not the shopper's or cannot be delivered to as saved: the order's transaction refuses it with the
 * usual message (Address not found, or the address needs fixing) in the usual order.
 */
export async function deliveryStoreFor(userId: string, addressId: string): Promise<DeliveryStore | null> {
  const [address, units] = await Promise.all([
    prisma.address.findFirst({
      where: { id: addressId, userId, status: true },
      select: { pincode: true, mobile: true, lat: true, lng: true },
    }),
    prisma.cartItem.aggregate({ where: { userId, product: { published: true } }, _sum: { quantity: true } }),
  ]);
  if (!address || addressProblem(address)) return null;
  const served = await checkServiceability(
    { pincode: address.pincode, lat: address.lat, lng: address.lng },
    units._sum.quantity ?? 0,
  );
  if (!served.serviceable || !served.store) throw new AppError("CONFLICT", notServedMessage(address.pincode));
  if (!served.store.open) throw new AppError("CONFLICT", closedMessage(served.store));
  return { storeId: served.store.id, promisedMinutes: served.etaMinutes };
}
