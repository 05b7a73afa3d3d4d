"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { ClientCart } from "@/components/cart/cart-model";
import { billOf } from "@/components/cart/cart-bill";
import { cartResource, useCart } from "@/components/cart/use-cart";
import { invalidateLoadedQueries } from "@/components/ui/query-registry";
import { ORDERS_QUERY_KEY } from "@/components/orders/query-keys";
import { successUrl } from "./success-url";
import { toast } from "@/components/ui/toast";
import { formatPaise } from "@/lib/money";
import { callAction, failureText, OFFLINE_TEXT } from "@/components/ui/use-action";
import { placeCashOnDeliveryAction, startOnlinePaymentAction } from "@/lib/orders/actions";
import type { PlaceOrderValues } from "@/lib/orders/schemas";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";
import type { OrderPartner } from "@/lib/orders/types";

export type PaymentMethod = "cod" | "card";
export type Confirmed = { orderNumber: string; partner: OrderPartner };

const newKeys = () => ({ cod: crypto.randomUUID(), card: crypto.randomUUID() });

/** The order as the page shows it; the server compares it with its own cart and totals (it never trusts them). */
function orderBody(
  cart: ClientCart,
  addressId: string,
  tipPaise: number,
  substitution: SubstitutionValue,
): PlaceOrderValues {
  return {
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      pricePaise: line.product.pricePaise,
      discount: line.product.discount,
    })),
    addressId,
    subtotalPaise: cart.totals.totalPaise,
    totalPaise: cart.totals.totalPaise,
    // the bill the page shows: the server prices the order anew and refuses (409) a different total (issue 18)
    grandTotalPaise: billOf(cart, { tipPaise }).grandTotalPaise,
    ...(tipPaise > 0 ? { tipPaise } : {}),
    // for the lines without their own choice, if the store is out of them at packing (issue 18)
    substitution,
  };
}

/** A bill shown longer than this is priced again before the order is sent (issue 18). */
export const BILL_FRESH_MS = 10 * 60_000;

/**
 * The checkout's cart and the two ways to pay. Each payment sends an Idempotency-Key made when the page mounted
 * (one per method, new after a success or a conflict), so a double click or a retry places one order; `pending`
 * says which payment is under way. After an order the cart as ordered stays on screen while the emptied cart
 * refetches; a cash order with a partner is `confirmed` (the Order Confirmed dialog), otherwise /success opens.
 */
export function useCheckout(options: { onEmailUnverified?: () => void; onNoAddress?: () => void } = {}) {
  const router = useRouter();
  // the server render's cart (ServerCartProvider, around the page) until the tab has its own
  const liveCart = useCart().cart;
  const [ordered, setOrdered] = useState<ClientCart | null>(null);
  const [pending, setPending] = useState<PaymentMethod | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  /** the bill changed since the shopper saw it: "The total changed to ₹X", shown until they confirm again */
  const [totalChanged, setTotalChanged] = useState<string | null>(null);
  const keys = useRef<{ cod: string; card: string } | null>(null);
  /** the tip the shopper chose for the delivery partner (issue 18); on the bill and in the order */
  const [tipPaise, setTipPaise] = useState(0);
  /** the order's default for an item the store is out of at packing (issue 18) */
  const [substitution, setSubstitution] = useState<SubstitutionValue>("REMOVE");
  const cart = ordered ?? liveCart;

  useEffect(() => {
    keys.current = newKeys();
    // back from the payment page through the browser's cache: a fresh attempt gets fresh keys
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      keys.current = newKeys();
      setOrdered(null);
      void cartResource.invalidate();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  /** The order went through: new keys for the next one, the ordered cart kept on screen, caches refreshed. */
  async function placed(ordered: ClientCart) {
    keys.current = newKeys();
    setOrdered(ordered);
    await Promise.all([cartResource.invalidate(), invalidateLoadedQueries(ORDERS_QUERY_KEY)]);
  }

  function failed(message: string, code: string) {
    if (code === "EMAIL_UNVERIFIED" && options.onEmailUnverified) {
      // REQUIRE_VERIFIED_EMAIL=1: the checkout offers the code right there (the message's REST advice is for apps)
      options.onEmailUnverified();
      toast.error("Please verify your e-mail first: send yourself a code below the summary.");
      return;
    }
    toast.error(message);
    setOrdered(null);
    if (code === "PRICE_CHANGED") {
      // the server priced a different bill: show it, and ask the shopper to confirm again
      void cartResource.fetch({ fresh: true }).then(
        (fresh) => setTotalChanged(`The total changed to ${formatPaise(billOf(fresh, { tipPaise }).grandTotalPaise)}. Check the bill and place your order again.`),
        () => undefined,
      );
    } else if (code === "OUT_OF_STOCK" || code === "VALIDATION") {
      void cartResource.invalidate();
    }
    if (code === "CONFLICT") keys.current = newKeys();
  }

  async function pay(method: PaymentMethod, addressId: string | null) {
    if (pending || !cart || !keys.current) return;
    if (!addressId) {
      if (options.onNoAddress) options.onNoAddress();
      else toast.error("Please add a delivery address");
      return;
    }
    setPending(method);
    setTotalChanged(null);
    // the Order Confirmed dialog loads on demand: fetch it while the order is placed
    if (method === "cod") void import("./order-confirmed-dialog");
    let shown = cart;
    try {
      // a bill shown more than 10 minutes ago is priced again first; a change is shown, not ordered
      const pricedAt = cartResource.getState().updatedAt;
      if (!ordered && Date.now() - pricedAt > BILL_FRESH_MS) {
        shown = await cartResource.fetch({ fresh: true });
        const total = billOf(shown, { tipPaise }).grandTotalPaise;
        if (total !== billOf(cart, { tipPaise }).grandTotalPaise) {
          setTotalChanged(`The total changed to ${formatPaise(total)}. Check the bill and place your order again.`);
          setPending(null);
          return;
        }
      }
    } catch {
      toast.error(OFFLINE_TEXT);
      setPending(null);
      return;
    }
    const call = { order: orderBody(shown, addressId, tipPaise, substitution), idempotencyKey: keys.current[method] };
    try {
      if (method === "cod") {
        const result = await callAction(placeCashOnDeliveryAction, call);
        if (!result.ok) return failed(failureText(result), result.code);
        await placed(shown);
        const { order, partner } = result.data;
        if (partner) {
          setConfirmed({ orderNumber: order.orderNumber, partner });
          return;
        }
        toast.success(result.message);
        router.push(successUrl("Order", order.orderNumber));
        return;
      }
      const result = await callAction(startOnlinePaymentAction, call);
      if (!result.ok) return failed(failureText(result), result.code);
      await placed(shown);
      window.location.assign(result.data.url);
    } catch {
      toast.error(OFFLINE_TEXT);
    } finally {
      setPending(null);
    }
  }

  /** Closing the Order Confirmed dialog leads on to the success page (which offers "Track order"). */
  function finish() {
    const number = confirmed?.orderNumber;
    setConfirmed(null);
    router.push(successUrl("Order", number));
  }

  return { cart, pending, confirmed, totalChanged, tipPaise, setTipPaise, substitution, setSubstitution, pay, finish };
}
