import "server-only";
import { MAX_TIP_PAISE, TIP_TOO_HIGH } from "@/lib/bill/tips";
import { z } from "zod";
import type { Viewer } from "@/lib/auth/viewer";
import { validate } from "@/lib/http/parse";
import { toPaise, toRupees } from "@/lib/money";
import * as orders from "@/lib/orders";
import type { Reassigned } from "@/lib/orders/reassign";
import { TIP_TOO_LOW, TIP_WHOLE_RUPEES } from "@/lib/orders/tip-schema";
import {
  lineQuantity,
  MAX_ORDER_LINES,
  orderAddressId,
  type AdminOrder,
  type CardCheckoutResult,
  type CashOnDeliveryResult,
  type Order,
  type PlaceOrderValues,
} from "@/lib/orders";
import { restSubstitutionField, toRestSubstitution } from "@/lib/orders/substitution-rules";
import { toRestDeliveryAddress } from "./addresses";
import { toRestBill } from "./bill";

// Orders in the REST contract's words (shared/api-contract.md, spec §3 Order and Order result): `_id`, the number as
// `orderId`, rupees (subTotalAmt, totalAmt …), `items`, `product_details` (the first product), payment_status,
// delivery_address, deliveryPartner; and the placing calls' bodies (list_items, productId holding the product or its
// id, rupee amounts). Made and read here, beside the route handlers, and nowhere else.

export function toRestOrder(order: Order) {
  const first = order.lines[0];
  return {
    _id: order.id,
    orderId: order.orderNumber,
    status: order.status,
    statusLabel: order.statusLabel,
    paymentMethod: order.paymentMethod,
    payment_status: order.paymentStatus,
    testPayment: order.testPayment,
    product_details: { name: first?.name ?? "", image: first?.image ? [first.image] : [] },
    items: order.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      price: toRupees(l.pricePaise),
      discount: l.discount,
      unitPrice: toRupees(l.unitPricePaise),
      lineTotal: toRupees(l.totalPaise),
      // units the store found missing at packing (issue 16's pick list); 0: none
      short: l.short,
      // issue 18: the shopper's choice for the line if short ("replace" | "remove" | "call"), what packing did
      // (null until then, or when nothing was short) and, on a replacement line, the product it replaces
      substitution: toRestSubstitution(l.substitution),
      substituted: l.substituted
        ? {
            outcome: l.substituted.outcome.toLowerCase(),
            missing: l.substituted.missing,
            replacementName: l.substituted.replacementName,
            amount: toRupees(l.substituted.dropPaise),
            message: l.substituted.text,
          }
        : null,
      replaces: l.replaces,
    })),
    itemCount: order.itemCount,
    // the contract's item amounts keep their meaning (items after product discounts); what the shopper pays, fees
    // and all, is the bill's grandTotal beside them (issue 18)
    subTotalAmt: toRupees(order.itemsTotalPaise),
    mrpTotalAmt: toRupees(order.mrpTotalPaise),
    savingsAmt: toRupees(order.savingsPaise),
    deliveryAmt: toRupees(order.deliveryPaise),
    totalAmt: toRupees(order.itemsTotalPaise),
    bill: toRestBill(order.bill),
    // issue 18: the order's default substitution, and a card order's partial refund after packing
    substitution: toRestSubstitution(order.substitution),
    partRefund: order.partRefund ? { amount: toRupees(order.partRefund.amountPaise), done: order.partRefund.done } : null,
    delivery_address: toRestDeliveryAddress(order.address),
    createdAt: order.createdAt,
    awaitingPartner: order.awaitingPartner,
    ...(order.partner ? { deliveryPartner: order.partner } : {}),
    cancellable: order.cancellable,
    ...(order.resumePaymentUrl !== undefined ? { resumePaymentUrl: order.resumePaymentUrl } : {}),
    timeline: order.timeline,
  };
}

export type RestOrder = ReturnType<typeof toRestOrder>;

export const toRestAdminOrder = (order: AdminOrder) => ({
  ...toRestOrder(order),
  customer: order.customer,
  // issue 17: minutes its partner has been silent on the delivery, once over the limit; null otherwise
  partnerSilentMinutes: order.silentMinutes,
});

/**
 * `POST /api/order/cash-on-delivery`: {message, data: [order], deliveryPartner?}; the order's bill is `data[0].bill`,
 * and beside `data` as `bill` too.
 */
export const toRestCashOnDelivery = (result: CashOnDeliveryResult) => ({
  message: result.message,
  data: [toRestOrder(result.order)],
  bill: toRestBill(result.order.bill),
  ...(result.partner ? { deliveryPartner: result.partner } : {}),
});

/** `POST /api/order/checkout`: {message, id (the payment session), url, orderId (the order number)}. */
export const toRestCardCheckout = (result: CardCheckoutResult) => ({
  message: result.message,
  id: result.sessionId,
  url: result.url,
  orderId: result.orderNumber,
  // a replay of a request from before bills has none
  ...(result.bill ? { bill: toRestBill(result.bill) } : {}),
});

/** A cart line as a REST client has it: productId is the populated product ({ _id, price?, discount? … }) or its id. */
const listItemSchema = z.looseObject({
  _id: z.string().optional(),
  productId: z.union([
    z.string().trim().min(1, "productId is required"),
    z.looseObject({
      _id: z.string().trim().min(1, "productId._id is required"),
      price: z.number().finite().optional(),
      discount: z.number().finite().optional(),
    }),
  ]),
  quantity: lineQuantity,
});

const amount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`);

type ListItem = z.output<typeof listItemSchema>;

const toOrderLine = ({ productId, quantity }: ListItem): PlaceOrderValues["lines"][number] =>
  typeof productId === "string"
    ? { productId, quantity }
    : {
        productId: productId._id,
        quantity,
        ...(productId.price !== undefined ? { pricePaise: toPaise(productId.price) } : {}),
        ...(productId.discount !== undefined ? { discount: productId.discount } : {}),
      };

/** The placing calls' body (cash-on-delivery and checkout), handed over in the domain's words. */
export const restPlaceOrderSchema = z
  .object({
    list_items: z.array(listItemSchema, { error: "list_items must be a list" }).max(MAX_ORDER_LINES, "Too many cart lines"),
    addressId: orderAddressId,
    /** items total after discounts (what the original clients send); the undiscounted total is accepted too */
    subTotalAmt: amount("subTotalAmt"),
    /** items total after product discounts, before fees */
    totalAmt: amount("totalAmt"),
    /** issue 18: the bill's grand total the client showed; 409 naming the new total when the server's differs */
    grandTotal: amount("grandTotal").optional(),
    /** issue 18: a tip for the delivery partner in rupees (up to ₹200), added to the bill */
    tip: amount("tip").max(MAX_TIP_PAISE / 100, TIP_TOO_HIGH).optional(),
    /** issue 18: what to do with a line the store is out of, for lines without their own choice (default "remove") */
    substitution: restSubstitutionField.optional(),
  })
  .transform(
    (body): PlaceOrderValues => ({
      lines: body.list_items.map(toOrderLine),
      addressId: body.addressId,
      subtotalPaise: toPaise(body.subTotalAmt),
      totalPaise: toPaise(body.totalAmt),
      ...(body.grandTotal !== undefined ? { grandTotalPaise: toPaise(body.grandTotal) } : {}),
      ...(body.tip !== undefined ? { tipPaise: toPaise(body.tip) } : {}),
      ...(body.substitution !== undefined ? { substitution: body.substitution } : {}),
    }),
  );

// The order calls as the contract answers them (the domain function, then the translator).

export async function placeCashOnDeliveryOrder(viewer: Viewer, body: unknown, options: orders.PlaceOptions) {
  return toRestCashOnDelivery(await orders.placeCashOnDeliveryOrder(viewer, validate(restPlaceOrderSchema, body ?? {}), options));
}

export async function placeCardOrder(viewer: Viewer, body: unknown, options: orders.PlaceOptions) {
  return toRestCardCheckout(await orders.placeCardOrder(viewer, validate(restPlaceOrderSchema, body ?? {}), options));
}

export const listMyOrders = async (viewer: Viewer) => (await orders.listMyOrders(viewer)).map(toRestOrder);

export const getMyOrder = async (viewer: Viewer, orderNumber: string) =>
  toRestOrder(await orders.getMyOrder(viewer, orderNumber));

export const cancelMyOrder = async (viewer: Viewer, body: unknown) => toRestOrder(await orders.cancelMyOrder(viewer, body));

export const updateOrderStatus = async (viewer: Viewer, body: unknown) =>
  toRestOrder(await orders.updateOrderStatus(viewer, body));

export async function listAdminOrders(viewer: Viewer, filter?: Parameters<typeof orders.listAdminOrders>[1]) {
  const list = await orders.listAdminOrders(viewer, filter);
  return { ...list, orders: list.orders.map(toRestAdminOrder) };
}

/** PUT /api/order/reassign's data: the order and its new partner, named like the cash order's `deliveryPartner`. */
export const toRestReassigned = (r: Reassigned) => ({
  orderId: r.orderNumber,
  deliveryPartner: { name: r.partner.name, phone: r.partner.phone, eta: r.partner.eta },
});

/** POST /api/order/tip's body: a tip after delivery, `{orderId, tip}` in rupees, handed over in paise. */
export const restTipSchema = z
  .object({
    orderId: orders.orderNumberField,
    tip: amount("tip")
      .min(1, TIP_TOO_LOW)
      .max(MAX_TIP_PAISE / 100, TIP_TOO_HIGH)
      .refine(Number.isInteger, TIP_WHOLE_RUPEES),
  })
  .transform((body) => ({ orderId: body.orderId, tipPaise: toPaise(body.tip) }));

/** POST /api/order/tip's data: the tip's own hosted checkout, like the card checkout's `id` and `url`. */
export const toRestTipCheckout = ({ message, ...tip }: orders.TipCheckout) => ({
  message,
  data: { id: tip.sessionId, url: tip.url, orderId: tip.orderNumber, tip: toRupees(tip.amountPaise) },
});
