import type { DeliveryAddress } from "@/lib/addresses/schema";
import type { Bill } from "@/lib/bill/compute";
import type { SubstitutionOutcomeValue, SubstitutionValue } from "./substitution-rules";

// The order in its own words (spec §3 Order, Order result): `id` and the human `orderNumber`, money in integer paise,
// `lines`, the delivery `address` and the `partner`. The REST contract's shapes (_id, orderId, rupees, items,
// product_details, delivery_address …) are made at the edge (app/api/_rest/orders.ts). No server code here: client
// components import these (with `import type`) and the labels.

export type OrderStatusValue =
  | "PENDING_PAYMENT"
  | "PLACED"
  | "PACKED"
  | "OUT_FOR_DELIVERY"
  | "DELIVERED"
  | "CANCELLED";
export type PaymentMethodValue = "CASH_ON_DELIVERY" | "CARD";
export type PaymentStatusValue = "PENDING" | "PAID" | "FAILED" | "REFUNDED";

export const STATUS_LABEL: Record<OrderStatusValue, string> = {
  PENDING_PAYMENT: "Awaiting payment",
  PLACED: "Placed",
  PACKED: "Packed",
  OUT_FOR_DELIVERY: "Out for delivery",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethodValue, string> = {
  CASH_ON_DELIVERY: "Cash on Delivery",
  CARD: "Online Payment",
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatusValue, string> = {
  PENDING: "Pending",
  PAID: "Paid",
  FAILED: "Failed",
  REFUNDED: "Refunded",
};

/** The delivery partner bringing an order, and when. */
export type OrderPartner = {
  name: string;
  phone: string;
  /** "9 minutes" */
  eta: string;
  etaMinutes: number;
  /** ISO 8601: when the order should arrive */
  etaAt: string;
};

/** One ordered product, as the order copied it when it was placed. */
export type OrderLine = {
  productId: string;
  name: string;
  image: string;
  unit: string;
  quantity: number;
  /** before discount, per unit */
  pricePaise: number;
  discount: number;
  /** after discount, per unit */
  unitPricePaise: number;
  /** unitPricePaise × quantity */
  totalPaise: number;
  /** units the store found missing when it packed the order (the pick list's "short", issue 16); 0: none */
  short: number;
  /** the shopper's choice for this line if it is short (its own, else the order's default; issue 18) */
  substitution: SubstitutionValue;
  /** what packing did with the missing units, once packed; null: nothing was short */
  substituted: LineSubstituted | null;
  /** this line is the replacement packed for that product (its name); null: an ordered line */
  replaces: string | null;
};

/** A short line after packing (issue 18): replaced or removed, and how much less the shopper pays for it. */
export type LineSubstituted = {
  outcome: SubstitutionOutcomeValue;
  missing: number;
  replacementName: string | null;
  dropPaise: number;
  /** "Replaced with …", "Removed — out of stock, ₹45 refunded" */
  text: string;
};

export type OrderTimelineStep = { status: OrderStatusValue; label: string; at: string | null };

export type Order = {
  id: string;
  /** the human-readable order number, e.g. KM-2611-4F7QX2 */
  orderNumber: string;
  status: OrderStatusValue;
  statusLabel: string;
  paymentMethod: PaymentMethodValue;
  paymentStatus: PaymentStatusValue;
  /** paid through the local test checkout: no money was collected, and it is not revenue */
  testPayment: boolean;
  lines: OrderLine[];
  itemCount: number;
  /** items after discounts, before delivery */
  itemsTotalPaise: number;
  /** items before discounts */
  mrpTotalPaise: number;
  savingsPaise: number;
  deliveryPaise: number;
  /** what the shopper pays: the bill's grand total */
  totalPaise: number;
  /** the bill the order was placed with (issue 18), line for line as the shopper saw it; after packing with short
   * lines, the bill as packed (items dropped, fees as placed) */
  bill: Bill;
  /** the default choice for a short line without its own (issue 18) */
  substitution: SubstitutionValue;
  /** a card order's partial refund after packing (issue 18), and whether it went through */
  partRefund: { amountPaise: number; done: boolean } | null;
  /** where it goes, as it was when the order was placed ("" for fields older orders did not have) */
  address: DeliveryAddress;
  createdAt: string;
  /** waiting for a free delivery partner */
  awaitingPartner: boolean;
  partner?: OrderPartner;
  /** the shopper may still cancel (placed or packed) */
  cancellable: boolean;
  /** awaiting card payment with its session open: the hosted payment page to go back to ("Resume payment") */
  resumePaymentUrl?: string;
  timeline: OrderTimelineStep[];
};

export type AdminOrder = Order & {
  customer: { name: string; email: string };
  /** the dark store that sells it (null for orders from before stores) */
  store: { id: string; name: string } | null;
  /** minutes promised at checkout */
  promisedMinutes: number | null;
  /** the partner's last "Need help" from the partner app, or null */
  help: { partner: string; note: string; at: string } | null;
  /** minutes the partner of this active delivery has not been heard from, once over the limit (issue 17); else null */
  silentMinutes: number | null;
};

/** A cash-on-delivery order placed: the order, and its partner when one was free (spec §3 Order result). */
export type CashOnDeliveryResult = { message: string; order: Order; partner?: OrderPartner };

/** A card order placed: the payment session to send the shopper to. */
export type CardCheckoutResult = {
  message: string;
  /** the payment provider's session */
  sessionId: string;
  /** hosted checkout page */
  url: string;
  orderNumber: string;
  /** the bill the order was placed with: what the hosted page charges */
  bill: Bill;
};

export const QUEUED_MESSAGE =
  "Order placed. All our delivery partners are busy; we will assign one shortly.";
export const PRICES_CHANGED_MESSAGE = "Prices changed, review your cart";
export const EMPTY_CART_MESSAGE = "Your cart is empty";
export const ORDER_NOT_FOUND = "Order not found";
export const ADDRESS_NEEDS_FIX = "This address needs fixing before you can order to it";

