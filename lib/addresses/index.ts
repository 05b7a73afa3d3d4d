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
} from "./addresses";
export * from "./schema";
