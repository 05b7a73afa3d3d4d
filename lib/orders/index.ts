import "server-only";

// Orders: one function per business action (DESIGN.md rule 1). Server actions, /api/order/* and the tests call these.
export { placeCashOnDeliveryOrder, placeCardOrder, type PlaceOptions } from "./place-order";
export { cancelMyOrder, updateOrderStatus, statusMessage, NEXT_STEP } from "./lifecycle";
export { listMyOrders, getMyOrder, listAdminOrders, ADMIN_STATUS_FILTERS, type AdminOrderList } from "./queries";
export { revenueSummary, type RevenueSummary } from "./revenue";
export { releaseExpiredHolds, retryPendingRefunds, countPendingRefunds, type ReleasedHolds } from "./holds";
export {
  markOrderPaid,
  cancelUnpaidOrder,
  refundCancelledOrder,
  type PaymentOutcome,
  type EventRef,
} from "./fulfilment";
export { handleStripeWebhook, type WebhookResult } from "./payment-webhook";
export {
  getLocalCheckout,
  payLocalCheckout,
  cancelLocalCheckout,
  abandonPendingPayment,
  type LocalCheckoutView,
} from "./local-checkout";
export {
  tipAfterDeliveryOf,
  startTipAfterDelivery,
  cancelTipAfterDelivery,
  getLocalTipCheckout,
  tipThanks,
  type TipAfterDeliveryState,
  type TipCheckout,
  type LocalTipCheckoutView,
} from "./tip-after-delivery";
export { KEY_REUSED_MESSAGE } from "./idempotency";
export { ownOrderNumber } from "./own-order";
export { pruneRiderPositions } from "./events";
export { cashOrderNeedsVerifiedEmail } from "./verified-email";
export * from "./schemas";
export * from "./types";
