import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { toDeliveryAddress } from "@/lib/addresses";
import { addressProblem, type DeliveryAddress } from "@/lib/addresses/schema";
import { AppError } from "@/lib/errors";
import { checkServiceability, closedMessage, notServedMessage } from "@/lib/stores";

// Which dark store sells an order (issue 16): the one serving the chosen delivery address, decided on the server at
// checkout and never taken from the client (a client's store, X-Store-Id or the location cookie, only chooses what
// the catalogue shows). The address's point is its saved coordinates, or its pincode's centroid; among the open
// stores serving it the nearest wins, ties by id (lib/stores). Decided before anything is written, paid or taken:
// an address no store serves, or whose store is closed or paused, is refused with 409 and changes nothing.

/** The address's columns an order copies (lib/addresses DELIVERY_ADDRESS_SELECT), and its point. */
type AddressRow = Omit<DeliveryAddress, "receiverName" | "house" | "landmark"> & {
  id: string;
  receiverName: string | null;
  house: string | null;
  landmark: string | null;
  lat: number | null;
  lng: number | null;
};

export type DeliveryStore = {
  storeId: string;
  /** the ETA promised for this basket at this store, in minutes (recorded on the order) */
  promisedMinutes: number | null;
  /**
   * The address as the order copies it, read here with the store so that the order's transaction need not: it is
   * the shopper's own, and only they could change it meanwhile
   */
  address: { id: string; delivery: DeliveryAddress };
};

/** What deliveryStoreOf needs, read by deliveryLookSql. */
export type DeliveryLook = { address: AddressRow | null; units: number };

/**
 * The columns `address` and `units` of a DeliveryLook, for a SELECT that may read more beside them (the placement
 * reads everything it needs before its transaction in one statement: issue 19 #3, where every query of a placement
 * is paid 200 times over in a rush for one product).
 */
export const deliveryLookSql = (userId: string, addressId: string): Prisma.Sql => Prisma.sql`
  (SELECT row_to_json(a) FROM (
     SELECT id, "addressLine", city, state, country, pincode, mobile, "receiverName", house, landmark, lat, lng
     FROM "Address" WHERE id = ${addressId} AND "userId" = ${userId} AND status) a) AS address,
  (SELECT COALESCE(sum(c.quantity), 0)::int FROM "CartItem" c JOIN "Product" p ON p.id = c."productId"
   WHERE c."userId" = ${userId} AND p.published) AS units`;

/**
 * The store that will sell the shopper's cart to this address, with its promise for the cart's units. Null when the
 * address is not the shopper's or cannot be delivered to as saved: the order's transaction refuses it with the
 * usual message (Address not found, or the address needs fixing) in the usual order.
 */
export async function deliveryStoreFor(
  viewer: { id: string; name: string },
  addressId: string,
): Promise<DeliveryStore | null> {
  const [look] = await prisma.$queryRaw<DeliveryLook[]>`SELECT ${deliveryLookSql(viewer.id, addressId)}`;
  return deliveryStoreOf(viewer, look!);
}

/** deliveryStoreFor, from a look already read. */
export async function deliveryStoreOf(
  viewer: { id: string; name: string },
  { address, units }: DeliveryLook,
): Promise<DeliveryStore | null> {
  if (!address || addressProblem(address)) return null;
  const served = await checkServiceability({ pincode: address.pincode, lat: address.lat, lng: address.lng }, units);
  if (!served.serviceable || !served.store) throw new AppError("CONFLICT", notServedMessage(address.pincode));
  if (!served.store.open) throw new AppError("CONFLICT", closedMessage(served.store));
  return {
    storeId: served.store.id,
    promisedMinutes: served.etaMinutes,
    // the account's name is the viewer's (the address is theirs): not read again
    address: { id: address.id, delivery: toDeliveryAddress({ ...address, user: { name: viewer.name } }) },
  };
}
