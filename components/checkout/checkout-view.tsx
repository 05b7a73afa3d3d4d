"use client";

import Link from "next/link";
import { lazy, Suspense, useState } from "react";
import { useAddresses } from "@/components/address/use-addresses";
import { lazyPart } from "@/components/ui/lazy-part";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Address } from "@/lib/addresses/schema";
import { shortLinesReason } from "@/lib/cart/notices";
import type { Cart } from "@/lib/cart/types";
import { AddressChoice } from "./address-choice";
import { CheckoutLines } from "./checkout-lines";
import { CheckoutSummary } from "./checkout-summary";
import { DeliveringTo } from "./delivering-to";
import { TipPicker } from "./tip-picker";
import { useCheckout } from "./use-checkout";
import { billOf } from "@/components/cart/cart-bill";
import { CouponSlot } from "@/components/cart/coupon-slot";
import { ServerCartProvider } from "@/components/cart/server-cart";

// Only once a cash order is placed: the Order Confirmed dialog stays off checkout's first-load JavaScript.
const OrderConfirmedDialog = lazy(() =>
  import("./order-confirmed-dialog").then((m) => ({ default: m.OrderConfirmedDialog })),
);

// The order's substitution default (issue 18), after the page's first load: JS budgets are tight here.
const SubstitutionDefault = lazyPart(() => import("./substitution-default").then((m) => m.SubstitutionDefault));

// Only while REQUIRE_VERIFIED_EMAIL asks for it: the panel and its code schema load then, not with every checkout.
const VerifyEmailInline = lazy(() =>
  import("./verify-email-inline").then((m) => ({ default: m.VerifyEmailInline })),
);

/**
 * Checkout (spec §2): choose an address, the items, the summary and the two ways to pay (use-checkout.ts has the
 * payment flow). Without `cardPayments` (the shop has no payment provider) only Cash on Delivery is offered.
 */
export function CheckoutView({ initialCart, ...props }: { initialCart: Cart } & CheckoutProps) {
  return (
    <ServerCartProvider cart={initialCart}>
      <Checkout {...props} />
    </ServerCartProvider>
  );
}

type CheckoutProps = {
  initialAddresses: Address[];
  cardPayments: boolean;
  /** REQUIRE_VERIFIED_EMAIL=1 and a first cash order: the shopper's e-mail, to verify inline before paying cash */
  verifyEmailFor?: string | null;
};

function Checkout({ initialAddresses, cardPayments, verifyEmailFor = null }: CheckoutProps) {
  // issue 20 #14: verified inline, or learnt from the server's refusal (a page older than the setting)
  const [mustVerify, setMustVerify] = useState<string | null>(verifyEmailFor);
  const [emailVerified, setEmailVerified] = useState(false);
  const [adding, setAdding] = useState(false);
  const checkout = useCheckout({
    onEmailUnverified: () => setMustVerify((email) => email ?? "your e-mail address"),
    // paying with no address to deliver to opens the form (issue 21 item 7), not a toast
    onNoAddress: () => setAdding(true),
  });
  const { data: addresses = initialAddresses } = useAddresses(initialAddresses);
  const [chosen, setChosen] = useState<string | null>(initialAddresses[0]?.id ?? null);
  // the buttons stay disabled until React runs them (a click on server HTML would be lost)
  const hydrated = useHydrated();
  const addressId = chosen && addresses.some((a) => a.id === chosen) ? chosen : (addresses[0]?.id ?? null);
  const lines = checkout.cart?.lines ?? [];

  if (lines.length === 0) return <CheckoutEmpty />;
  const deliveringTo = addresses.find((a) => a.id === addressId);

  return (
    <div className="grid items-start gap-5 md:grid-cols-[1fr_24rem] md:gap-6" data-hydrated={hydrated}>
      <AddressChoice
        addresses={addresses}
        value={addressId}
        onChange={setChosen}
        canAdd={hydrated}
        adding={adding}
        setAdding={setAdding}
      />
      <CheckoutLines lines={lines} store={checkout.cart?.store ?? null} />
      <SubstitutionDefault
        value={checkout.substitution}
        onChange={checkout.setSubstitution}
        disabled={checkout.pending !== null}
      />
      <div className="md:col-start-1">
        <CouponSlot place="checkout" />
      </div>
      <CheckoutSummary
        bill={checkout.cart && billOf(checkout.cart, { tipPaise: checkout.tipPaise })}
        tip={<TipPicker tipPaise={checkout.tipPaise} onChange={checkout.setTipPaise} disabled={checkout.pending !== null} />}
        count={checkout.cart?.totals.count}
        totalChanged={checkout.totalChanged}
        cardPayments={cardPayments}
        pending={checkout.pending}
        disabled={!hydrated}
        onPay={(method) => void checkout.pay(method, addressId)}
        deliveringTo={deliveringTo && <DeliveringTo address={deliveringTo} />}
        cashBlocked={!!mustVerify && !emailVerified}
        blockedReason={shortLinesReason(checkout.cart?.shortLines ?? 0)}
        beforeCash={
          mustVerify && (
            <Suspense fallback={null}>
              <VerifyEmailInline
                email={mustVerify}
                verified={emailVerified}
                onVerified={() => setEmailVerified(true)}
              />
            </Suspense>
          )
        }
      />
      {checkout.confirmed && (
        <Suspense fallback={null}>
          <OrderConfirmedDialog
            orderNumber={checkout.confirmed.orderNumber}
            partner={checkout.confirmed.partner}
            onClose={checkout.finish}
          />
        </Suspense>
      )}
    </div>
  );
}

function CheckoutEmpty() {
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
