"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { adminAction, input, userAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import type { Viewer } from "@/lib/auth/viewer";
import { cancelMyOrder, statusMessage, updateOrderStatus } from "./lifecycle";
import { abandonPendingPayment, cancelLocalCheckout, payLocalCheckout } from "./local-checkout";
import { placeCardOrder, placeCashOnDeliveryOrder, type PlaceOptions } from "./place-order";
import { listMyOrders } from "./queries";
import { orderAgain, orderAgainMessage } from "./order-again";
import { reassignOrder } from "./reassign";
import { cancelLocalTip, cancelTipAfterDelivery, payLocalTip, startTipAfterDelivery } from "./tip-after-delivery";
import { tipAfterDeliverySchema } from "./tip-schema";
import { assertCanSell, shopperStore } from "@/lib/stores/current";
import {
  cancelOrderSchema,
  deliveredByHandSchema,
  idempotencyKeySchema,
  orderStatusSchema,
  placeOrderSchema,
  type PlaceOrderValues,
} from "./schemas";

// The order screens' calls (checkout, My Orders, the admin board, the payment pages) through the action clients;
// the same domain functions as the REST calls under /api/order.

/** The checkout page's body as it shows the cart, with the Idempotency-Key made when the page mounted. */
const checkoutInput = z.object({ order: placeOrderSchema, idempotencyKey: idempotencyKeySchema });
const sessionInput = z.object({ sessionId: z.string().trim().min(1, "sessionId is required").max(200) });
/** The caller's real address, for the per-address order placement limit. */
const ip = async () => clientIp(await headers());

/** A checkout button: places the order with the page's key and the caller's address; the message apart. */
const checkoutAction = <R extends { message: string }>(
  place: (viewer: Viewer, order: PlaceOrderValues, options: PlaceOptions) => Promise<R>,
) =>
  userAction.inputSchema(input(checkoutInput)).action(async ({ parsedInput, ctx }) => {
    const { message, ...data } = await place(ctx.viewer, parsedInput.order, {
      idempotencyKey: parsedInput.idempotencyKey,
      ip: await ip(),
    });
    return { message, data };
  });

export const placeCashOnDeliveryAction = checkoutAction(placeCashOnDeliveryOrder);

export const startOnlinePaymentAction = checkoutAction(placeCardOrder);

/** The ["orders"] query of My Orders (same data as GET /api/order/order-list). */
export const listMyOrdersAction = userAction.action(async ({ ctx }) => ({
  message: "",
  data: await listMyOrders(ctx.viewer),
}));

/** Cancel order on the order page (same domain function as POST /api/order/cancel). */
export const cancelMyOrderAction = userAction
  .inputSchema(input(cancelOrderSchema))
  .action(async ({ parsedInput, ctx }) => {
    const order = await cancelMyOrder(ctx.viewer, parsedInput);
    return { message: statusMessage(order), data: order };
  });

/** The admin's step buttons (same domain function as PUT /api/order/status). */
export const updateOrderStatusAction = adminAction
  .inputSchema(input(orderStatusSchema))
  .action(async ({ parsedInput, ctx }) => {
    const order = await updateOrderStatus(ctx.viewer, parsedInput);
    return { message: statusMessage(order), data: order };
  });

/** The board's Reassign on a silent partner's order (same domain function as PUT /api/order/reassign). */
export const reassignOrderAction = adminAction
  .inputSchema(input(cancelOrderSchema))
  .action(async ({ parsedInput, ctx }) => {
    const { message, ...data } = await reassignOrder(ctx.viewer, parsedInput.orderId);
    return { message, data };
  });

/** The board's "Delivered" dialog: by hand, always with a reason (kept on the order's timeline). */
export const markDeliveredByHandAction = adminAction
  .inputSchema(input(deliveredByHandSchema))
  .action(async ({ parsedInput, ctx }) => {
    const order = await updateOrderStatus(ctx.viewer, { ...parsedInput, status: "DELIVERED" });
    return { message: statusMessage(order), data: order };
  });

const ABANDON_MESSAGES = {
  cancelled: "Payment cancelled. Your cart is as you left it.",
  paid: "Your payment went through after all; the order is placed.",
  unchanged: "",
} as const;

/** The shopper came back from the payment page through its cancel link: release their unpaid order. */
export const abandonPaymentAction = userAction
  .inputSchema(input(cancelOrderSchema))
  .action(async ({ parsedInput, ctx }) => {
    const outcome = await abandonPendingPayment(ctx.viewer, parsedInput.orderId);
    return { message: ABANDON_MESSAGES[outcome], data: outcome };
  });

/** The local test checkout's Pay button: the same fulfilment functions as Stripe's webhook. */
export const payTestCheckoutAction = userAction
  .inputSchema(input(sessionInput))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Payment successful",
    data: await payLocalCheckout(ctx.viewer, parsedInput.sessionId),
  }));

export const cancelTestCheckoutAction = userAction
  .inputSchema(input(sessionInput))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Payment cancelled",
    data: await cancelLocalCheckout(ctx.viewer, parsedInput.sessionId),
  }));

/**
 * Order again on My Orders and an order's page: the order's products into the cart from the shopper's store, with
 * what could not go in and why (lib/orders/order-again.ts). A store that cannot sell now refuses with its reason.
 */
export const orderAgainAction = userAction
  .inputSchema(input(cancelOrderSchema))
  .action(async ({ parsedInput, ctx }) => {
    const shopper = await shopperStore();
    await assertCanSell(shopper);
    const result = await orderAgain(ctx.viewer, parsedInput.orderId, shopper.storeId);
    return { message: orderAgainMessage(result), data: result };
  });

/** "Add a tip" on a delivered order's page: opens the tip's own card checkout (same function as POST /api/order/tip). */
export const startTipAfterDeliveryAction = userAction
  .inputSchema(input(tipAfterDeliverySchema))
  .action(async ({ parsedInput, ctx }) => {
    const { message, ...data } = await startTipAfterDelivery(ctx.viewer, parsedInput);
    return { message, data };
  });

/** "Cancel" beside a tip waiting for payment on the order page. */
export const cancelTipAfterDeliveryAction = userAction
  .inputSchema(input(cancelOrderSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Tip cancelled; nothing was charged",
    data: await cancelTipAfterDelivery(ctx.viewer, parsedInput.orderId),
  }));

/** The local test checkout of a tip: Pay and Cancel (the same functions as Stripe's webhook). */
export const payTestTipAction = userAction
  .inputSchema(input(sessionInput))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Thank you! Your tip is on its way to your delivery partner.",
    data: await payLocalTip(ctx.viewer, parsedInput.sessionId),
  }));

export const cancelTestTipAction = userAction
  .inputSchema(input(sessionInput))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Tip cancelled; nothing was charged",
    data: await cancelLocalTip(ctx.viewer, parsedInput.sessionId),
  }));
