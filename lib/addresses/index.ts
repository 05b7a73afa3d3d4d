import "server-only";

// Addresses: one function per business action (DESIGN.md rule 1); server actions, /api/address/* and checkout call these.
export {
  listAddresses,
  getAddress,
  createAddress,
  updateAddress,
  disableAddress,
  ADDRESS_NOT_FOUND,
  MAX_ADDRESSES,
  ADDRESS_SELECT,
  DELIVERY_ADDRESS_SELECT,
  toAddress,
  toDeliveryAddress,
} from "./addresses";
export * from "./schema";
