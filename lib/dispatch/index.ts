import "server-only";

// Dispatch: delivery partners claimed for orders, the queue of orders waiting for one, and the ETA.
export {
  dispatchOrder,
  claimPartnerFor,
  assignClaimedPartner,
  dispatchQueuedOrders,
  dispatchQueuedOrdersQuietly,
  dispatchIfPartnersFree,
  handOutIfPartnersFree,
  releasePartner,
  reassignPartner,
  type AssignedPartner,
  type ClaimedPartner,
  type DispatchedOrder,
} from "./dispatch";
export { cashLimitPaise, cashLimitRupees, DEFAULT_CASH_LIMIT_RUPEES } from "./cash-limit";
export { computeEta, formatEta, packingMinutes, TRAVEL_MINUTES, type Eta, type EtaInput } from "./eta";
