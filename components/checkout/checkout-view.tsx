"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { placeCashOnDeliveryAction, startOnlinePaymentAction } from "@/lib/orders/actions";
import { AddressDialog } from "@/components/address/address-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useAddresses } from "@/components/address/use-addresses";
import { fromServerCart, type ClientCart } from "@/components/cart/cart-model";
import { CART_QUERY_KEY, cartQueryOptions } from "@/components/cart/use-cart";
import { ClockIcon } from "@/components/ui/icons";
import { ORDERS_QUERY_KEY } from "@/components/orders/query-keys";
import type { AddressDto } from "@/lib/addresses/schema";
import type { Cart } from "@/lib/cart/types";
import { discountedPricePaise, formatPaise, toRupees } from "@/lib/money";
import type { DeliveryPartnerDto } from "@/lib/orders/types";
import { OrderConfirmedDialog } from "./order-confirmed-dialog";
import { CatalogImage } from "@/components/ui/catalog-image";

const newKey = () => crypto.randomUUID();

type Confirmed = { orderId: string; partner: DeliveryPartnerDto };

/** The order body the server compares with its own cart and totals (it never trusts them). */
function orderBody(cart: ClientCart, addressId: string) {
  return {
    list_items: cart.lines.map((line) => ({
      ...(line.lineId ? { _id: line.lineId } : {}),
      quantity: line.quantity,
      productId: {
        _id: line.productId,
        name: line.product.name,
        price: toRupees(line.product.pricePaise),
        discount: line.product.discount,
      },
    })),
    addressId,
    subTotalAmt: toRupees(cart.totals.totalPaise),
    totalAmt: toRupees(cart.totals.totalPaise),
  };
}

/**
 * Checkout (spec §2): choose an address (radio list of active addresses, Add address), the summary, and the two
 * ways to pay. Each button sends an Idempotency-Key made when the page mounted (one per payment method,
 * regenerated after a success), so a double click or a retry places one order; both are disabled meanwhile.
 * Without `cardPayments` (the shop has no payment provider) only Cash on Delivery is offered, with a note why.
 */
export function CheckoutView({
  initialCart,
  initialAddresses,
  cardPayments,
}: {
  initialCart: Cart;
  initialAddresses: AddressDto[];
  cardPayments: boolean;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: liveCart } = useQuery({
    ...cartQueryOptions,
    initialData: () => fromServerCart(initialCart),
  });
  // the cart as it was ordered, shown behind the confirmation while the emptied cart refetches
  const [ordered, setOrdered] = useState<ClientCart | null>(null);
  const cart = ordered ?? liveCart;
  const { data: addresses = initialAddresses } = useAddresses(initialAddresses);
  const [chosen, setChosen] = useState<string | null>(initialAddresses[0]?._id ?? null);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<"cod" | "card" | null>(null);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const keys = useRef<{ cod: string; card: string } | null>(null);
  // the buttons stay disabled until React runs them (a click on server HTML would be lost)
  const hydrated = useHydrated();

  useEffect(() => {
    keys.current = { cod: newKey(), card: newKey() };
    // back from the payment page through the browser's cache: a fresh attempt gets fresh keys
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      keys.current = { cod: newKey(), card: newKey() };
      setOrdered(null);
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [queryClient]);

  const addressId = chosen && addresses.some((a) => a._id === chosen) ? chosen : (addresses[0]?._id ?? null);
  const lines = cart?.lines ?? [];

  if (lines.length === 0) {
    return (
      <div
        className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-line bg-white p-8 text-center"
        data-testid="checkout-empty"
      >
        <p className="text-lg font-bold text-ink">Your cart is empty</p>
        <p className="mt-1 text-sm text-muted">Add a few groceries first; they reach you in 10 minutes.</p>
        <Link
          href="/"
          className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white hover:bg-brand-700"
        >
          Shop Now
        </Link>
      </div>
    );
  }

  const refreshCaches = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
    ]);

  async function pay(method: "cod" | "card") {
    if (pending || !cart || !keys.current) return;
    if (!addressId) {
      toast.error("Please add a delivery address");
      return;
    }
    setPending(method);
    const body = orderBody(cart, addressId);
    try {
      if (method === "cod") {
        const result = await callAction(placeCashOnDeliveryAction, {
          order: body,
          idempotencyKey: keys.current.cod,
        });
        if (!result.ok) return failed(failureText(result), result.code);
        keys.current = { cod: newKey(), card: newKey() };
        setOrdered(cart);
        await refreshCaches();
        const order = result.data.data[0];
        if (result.data.deliveryPartner && order) {
          setConfirmed({ orderId: order.orderId, partner: result.data.deliveryPartner });
          return;
        }
        toast.success(result.message);
        router.push("/success?text=Order");
        return;
      }
      const result = await callAction(startOnlinePaymentAction, {
        order: body,
        idempotencyKey: keys.current.card,
      });
      if (!result.ok) return failed(failureText(result), result.code);
      keys.current = { cod: newKey(), card: newKey() };
      setOrdered(cart);
      await refreshCaches();
      window.location.assign(result.data.url);
    } catch {
      toast.error("Could not reach the shop. Check your connection and try again.");
    } finally {
      setPending(null);
    }
  }

  function failed(message: string, code: string) {
    toast.error(message);
    setOrdered(null);
    if (code === "PRICE_CHANGED" || code === "OUT_OF_STOCK" || code === "VALIDATION") {
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    }
    if (code === "CONFLICT" && keys.current) keys.current = { cod: newKey(), card: newKey() };
  }

  const totals = cart?.totals;
  const discounted = totals && totals.totalPaise < totals.itemsTotalPaise;

  return (
    <div className="grid items-start gap-5 md:grid-cols-[1fr_24rem] md:gap-6" data-hydrated={hydrated}>
      <section
        aria-labelledby="choose-address"
        className="rounded-2xl border border-line bg-white p-4 md:col-start-1 md:row-start-1 md:p-5"
        data-testid="checkout-addresses"
      >
        <h2 id="choose-address" className="text-lg font-bold text-ink">
          Choose your address
        </h2>
        <fieldset className="mt-3 flex flex-col gap-3">
          <legend className="sr-only">Delivery address</legend>
          {addresses.map((address) => (
            <label
              key={address._id}
              data-testid="checkout-address"
              className="flex cursor-pointer gap-3 rounded-xl border border-line p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="address"
                value={address._id}
                checked={addressId === address._id}
                onChange={() => setChosen(address._id)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span className="flex flex-col gap-0.5 text-ink">
                <span className="font-semibold">{address.address_line}</span>
                <span>
                  {address.city}, {address.state}
                </span>
                <span>
                  {address.country} - {address.pincode}
                </span>
                <span className="text-muted">{address.mobile}</span>
              </span>
            </label>
          ))}
          <button
            type="button"
            onClick={() => setAdding(true)}
            disabled={!hydrated}
            className="flex h-16 items-center justify-center rounded-xl border-2 border-dashed border-line text-sm font-semibold text-muted hover:border-brand-500 hover:text-brand-700"
          >
            Add address
          </button>
        </fieldset>
      </section>

      <section
        aria-labelledby="checkout-items"
        className="rounded-2xl border border-line bg-white p-4 md:col-start-1 md:p-5"
      >
        <h2 id="checkout-items" className="text-lg font-bold text-ink">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-line" data-testid="checkout-lines">
          {lines.map((line) => {
            const unitPaise = discountedPricePaise(line.product.pricePaise, line.product.discount);
            return (
              <li key={line.productId} className="flex items-center gap-3 py-2.5 text-sm">
                <span className="size-12 shrink-0 overflow-hidden rounded-lg border border-line bg-canvas">
                  {line.product.image && <CatalogImage src={line.product.image} size={48} loading="auto" />}
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="line-clamp-1 text-ink">{line.product.name}</span>
                  <span className="text-xs text-muted">
                    {line.product.unit} · {line.quantity} × {formatPaise(unitPaise)}
                  </span>
                </span>
                <span className="font-semibold text-ink">{formatPaise(unitPaise * line.quantity)}</span>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="checkout-summary"
        className="flex flex-col gap-4 md:col-start-2 md:row-span-2 md:row-start-1 md:sticky md:top-28"
      >
        <div className="rounded-2xl border border-line bg-white p-4 md:p-5" data-testid="checkout-summary">
          <h2 id="checkout-summary" className="text-lg font-bold text-ink">
            Summary
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <ClockIcon className="size-4 text-brand-600" /> Delivery in 10 minutes
          </p>
          {totals && (
            <dl className="mt-3 flex flex-col gap-2 text-sm text-ink">
              <div className="flex justify-between gap-4">
                <dt>Items total</dt>
                <dd className="flex items-baseline gap-2" data-testid="summary-items-total">
                  {discounted && (
                    <s className="text-muted">
                      <span className="sr-only">Before discounts </span>
                      {formatPaise(totals.itemsTotalPaise)}
                    </s>
                  )}
                  <span>{formatPaise(totals.totalPaise)}</span>
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Quantity total</dt>
                <dd data-testid="summary-quantity">{totals.count} item</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Delivery Charge</dt>
                <dd className="font-semibold text-brand-700">Free</dd>
              </div>
              <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
                <dt>Grand total</dt>
                <dd data-testid="summary-grand-total">{formatPaise(totals.totalPaise)}</dd>
              </div>
            </dl>
          )}
        </div>
        <div className="flex flex-col gap-3">
          {cardPayments ? (
            <button
              type="button"
              onClick={() => void pay("card")}
              disabled={!hydrated || pending !== null}
              aria-busy={pending === "card"}
              className="h-12 rounded-xl bg-brand-600 text-base font-bold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {pending === "card" ? "Opening payment…" : "Online Payment"}
            </button>
          ) : (
            <p
              role="note"
              className="rounded-xl bg-canvas p-3 text-sm text-ink"
              data-testid="card-payments-off"
            >
              Card payments are not available right now. Pay with Cash on Delivery.
            </p>
          )}
          <button
            type="button"
            onClick={() => void pay("cod")}
            disabled={!hydrated || pending !== null}
            aria-busy={pending === "cod"}
            className="h-12 rounded-xl border-2 border-brand-600 bg-white text-base font-bold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending === "cod" ? "Placing order…" : "Cash on Delivery"}
          </button>
        </div>
      </section>

      {adding && (
        <AddressDialog onClose={() => setAdding(false)} onSaved={(address) => setChosen(address._id)} />
      )}
      {confirmed && (
        <OrderConfirmedDialog
          orderId={confirmed.orderId}
          partner={confirmed.partner}
          onClose={() => router.push("/success?text=Order")}
        />
      )}
    </div>
  );
}
