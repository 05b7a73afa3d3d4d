// The order's read shapes in the REST contract's vocabulary (spec §3 Order, Order result). No server code here:
// client components import these (with `import type`) and the labels.

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

export type DeliveryPartnerDto = {
  name: string;
  phone: string;
  /** "9 minutes" */
  eta: string;
  etaMinutes: number;
  /** ISO 8601: when the order should arrive */
  etaAt: string;
};

export type OrderItemDto = {
  productId: string;
  name: string;
  image: string;
  unit: string;
  quantity: number;
  /** rupees, before discount */
  price: number;
  discount: number;
  /** rupees, after discount, per unit */
  unitPrice: number;
  /** rupees */
  lineTotal: number;
};

export type AddressSnapshot = {
  address_line: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  /** who takes the order at the door, flat / house / floor and a landmark ("" for orders from before them) */
  receiver_name: string;
  house: string;
  landmark: string;
};

export type OrderTimelineStep = { status: OrderStatusValue; label: string; at: string | null };

export type OrderDto = {
  _id: string;
  /** the human-readable order number, e.g. KM-2611-4F7QX2 */
  orderId: string;
  status: OrderStatusValue;
  statusLabel: string;
  paymentMethod: PaymentMethodValue;
  payment_status: PaymentStatusValue;
  /** paid through the local test checkout: no money was collected, and it is not revenue */
  testPayment: boolean;
  /** the first product (spec §3 Order) */
  product_details: { name: string; image: string[] };
  items: OrderItemDto[];
  itemCount: number;
  /** rupees: items after discounts, before delivery */
  subTotalAmt: number;
  /** rupees: items before discounts */
  mrpTotalAmt: number;
  savingsAmt: number;
  deliveryAmt: number;
  /** rupees: what the shopper pays */
  totalAmt: number;
  delivery_address: AddressSnapshot;
  createdAt: string;
  /** waiting for a free delivery partner */
  awaitingPartner: boolean;
  deliveryPartner?: DeliveryPartnerDto;
  /** the shopper may still cancel (placed or packed) */
  cancellable: boolean;
  /** awaiting card payment with its session open: the hosted payment page to go back to ("Resume payment") */
  resumePaymentUrl?: string;
  timeline: OrderTimelineStep[];
};

export type AdminOrderDto = OrderDto & { customer: { name: string; email: string } };

/** POST /api/order/cash-on-delivery: spec §3 Order result. */
export type CashOnDeliveryResult = {
  message: string;
  data: OrderDto[];
  deliveryPartner?: DeliveryPartnerDto;
};

/** POST /api/order/checkout: the payment session to send the shopper to. */
export type CardCheckoutResult = {
  message: string;
  /** payment session id */
  id: string;
  /** hosted checkout page */
  url: string;
  orderId: string;
};

export const QUEUED_MESSAGE =
  "Order placed. All our delivery partners are busy; we will assign one shortly.";
export const PRICES_CHANGED_MESSAGE = "Prices changed, review your cart";
export const EMPTY_CART_MESSAGE = "Your cart is empty";
export const ORDER_NOT_FOUND = "Order not found";
export const ADDRESS_NEEDS_FIX = "This address needs fixing before you can order to it";

