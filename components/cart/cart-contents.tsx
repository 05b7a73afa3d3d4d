"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";
import { toast } from "@/components/ui/toast";
import { ChevronRightIcon, ClockIcon } from "@/components/ui/icons";
import { discountedPricePaise, formatPaise } from "@/lib/money";
import { productPath } from "@/lib/slug";
import { isShortLine, type ClientCartLine, type ClientCartStore } from "./cart-model";
import { lineNotice } from "./line-notice";
import { shortLinesReason } from "@/lib/cart/notices";
import { CartQuantityControl } from "./cart-quantity-control";
import { CouponSlot } from "./coupon-slot";
import { EmptyCartArt } from "./empty-cart-art";
import { PLEASE_LOGIN, useCart } from "./use-cart";
import { CatalogImage } from "@/components/ui/catalog-image";
import { BillSummary } from "@/components/ui/bill-summary";
import type { AppliedFees, Bill } from "@/lib/bill/compute";
import { nextSavings } from "@/lib/bill/lines";
import { billOf } from "./cart-bill";
import { useDeliveryPromise } from "@/components/location/location-context";


export const CHECKOUT_PATH = "/checkout";
export const LOGIN_FOR_CHECKOUT = `/login?callbackUrl=${encodeURIComponent(CHECKOUT_PATH)}`;

const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/**
 * What the cart drawer and the /cart page show (spec §2 Cart drawer): the lines with their quantity controls,
 * the savings, the bill and Proceed; an illustration and Shop Now when the cart is empty. `onNavigate` lets the
 * drawer close itself when a link or Proceed leaves the page.
 */
export function CartContents({
  variant,
  onNavigate,
  footnote,
}: {
  variant: "drawer" | "page";
  /** under the lines: the cancellation policy (components/cart/cancellation-policy.tsx) */
  footnote?: React.ReactNode;
  onNavigate?: () => void;
}) {
  const cart = useCart();
  const promise = useDeliveryPromise();
  const root = useRef<HTMLDivElement>(null);
  const lineCount = cart.lines.length;
  const previousCount = useRef(lineCount);

  // A line removed with its own − button takes the focused control with it: keep focus in the cart.
  useEffect(() => {
    const removed = lineCount < previousCount.current;
    previousCount.current = lineCount;
    if (removed && (document.activeElement === document.body || !document.activeElement))
      root.current?.focus();
  }, [lineCount]);

  return (
    <div ref={root} tabIndex={-1} className="h-full outline-none">
      {body()}
    </div>
  );

  function body() {
    if (!cart.cart) {
      return cart.isError ? (
        <p role="alert" className="p-6 text-center text-sm text-muted">
          We could not load your cart. Check your connection and try again.
        </p>
      ) : (
        <CartSkeleton />
      );
    }
    if (cart.lines.length === 0) return <EmptyCart onNavigate={onNavigate} />;
    const { store, shortLines } = cart.cart;
    const fees = store?.fees ?? null;
    const priced = billOf(cart.cart);

    const { totals } = cart;
    const items = (
      <section
        aria-label="Items in your cart"
        className="rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgba(0,0,0,0.05)]"
      >
        <p className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <ClockIcon className="size-5" />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="font-bold text-ink" data-testid="cart-promise">
              {promise}
            </span>
            <span className="text-xs text-muted">Shipment of {itemCount(totals.count)}</span>
          </span>
        </p>
        <ul className="mt-3 divide-y divide-line" data-testid="cart-lines">
          {cart.lines.map((line) => (
            <CartLineRow key={line.productId} line={line} store={store} onNavigate={onNavigate} />
          ))}
        </ul>
        {footnote}
      </section>
    );

    const bill = (
      <>
        {/* no savings banner when nothing is saved (issue 21 item 10) */}
        {totals.savingsPaise > 0 && (
          <p
            data-testid="cart-savings"
            className="flex items-center justify-between rounded-2xl bg-blue-50 px-4 py-3 text-sm font-semibold text-blue-700"
          >
            <span>Total savings</span>
            <span>{formatPaise(totals.savingsPaise)}</span>
          </p>
        )}
        <SavingsNudge bill={priced} fees={fees} />
        <CouponSlot place="cart" />
        <BillDetails bill={priced} count={totals.count} />
      </>
    );

    if (variant === "page") {
      return (
        <div className="grid items-start gap-4 md:grid-cols-[1fr_22rem] md:gap-6">
          {items}
          <div className="flex flex-col gap-4 md:sticky md:top-28">
            {bill}
            <ProceedButton
              totalPaise={priced.grandTotalPaise}
              signedIn={cart.signedIn}
              blockedReason={shortLinesReason(shortLines)}
              onNavigate={onNavigate}
            />
          </div>
        </div>
      );
    }
    return (
      <div className="flex min-h-full flex-col">
        <div className="flex flex-1 flex-col gap-3 p-3">
          {items}
          {bill}
        </div>
        <div className="sticky bottom-0 border-t border-line bg-white p-3">
          <ProceedButton
            totalPaise={priced.grandTotalPaise}
            signedIn={cart.signedIn}
            blockedReason={shortLinesReason(shortLines)}
            onNavigate={onNavigate}
          />
        </div>
      </div>
    );
  }
}

function CartLineRow({
  line,
  store,
  onNavigate,
}: {
  line: ClientCartLine;
  store: ClientCartStore | null;
  onNavigate?: () => void;
}) {
  const { product } = line;
  const now = discountedPricePaise(product.pricePaise, product.discount);
  // issue 16: the shopper's store cannot supply this line in full (after a change of location, or it sold out)
  const short = isShortLine(line);
  const notice = lineNotice(line, store);
  return (
    <li className="flex flex-wrap items-center gap-x-3 py-3" data-testid="cart-line" data-short={short || undefined}>
      <Link
        href={productPath(product.name, product.id)}
        onClick={onNavigate}
        className="size-16 shrink-0 overflow-hidden rounded-xl border border-line bg-canvas"
        tabIndex={-1}
        aria-hidden="true"
      >
        {product.image && <CatalogImage src={product.image} size={64} />}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/* 44 px tall as a target (issue 21 item 5) without moving the lines around it */}
        <Link
          href={productPath(product.name, product.id)}
          onClick={onNavigate}
          className="-my-3 block py-3 text-sm leading-snug text-ink hover:text-brand-700"
        >
          <span className="line-clamp-2">{product.name}</span>
        </Link>
        <span className="text-xs text-muted">{product.unit}</span>
        <span className="flex items-baseline gap-1.5 text-sm">
          <span className="font-bold text-ink" data-testid="cart-line-price">
            {formatPaise(now)}
          </span>
          {now < product.pricePaise && (
            <s className="text-xs text-muted">
              <span className="sr-only">Original price </span>
              {formatPaise(product.pricePaise)}
            </s>
          )}
        </span>
        {short && notice && (
          <span className="flex flex-col text-xs" data-testid="cart-line-notice">
            <span className="font-semibold text-red-700">{notice}</span>
            <span className="text-muted">Not included in the total</span>
          </span>
        )}
      </div>
      <CartQuantityControl product={product} />
      {line.lineId && <SubstitutionChoice line={line} />}
    </li>
  );
}

/**
 * A signed-in line's choice if the store is out of it at packing (issue 18): a native select, whose saving code loads
 * on the first change (./substitution-save.ts), so /cart's first load carries only the select.
 */
function SubstitutionChoice({ line }: { line: ClientCartLine }) {
  const [busy, setBusy] = useState(false);
  return (
    // its own row under the name, so the phone's narrow column does not have to hold it (76 px: picture and gap)
    <label className="flex basis-full items-center gap-1 pl-19 text-xs text-muted">
      If out of stock:
      <select
        data-testid="cart-line-substitution"
        value={line.substitution ?? ""}
        disabled={busy}
        onChange={(e) => {
          const value = (e.target.value || null) as SubstitutionValue | null;
          setBusy(true);
          void import("./substitution-save")
            .then((m) => m.saveSubstitution(line.productId, value))
            .finally(() => setBusy(false));
        }}
        className="min-h-11 w-0 min-w-0 flex-1 truncate bg-transparent font-semibold text-ink"
      >
        <option value="">Choose at checkout</option>
        <option value="REPLACE">Replace with similar</option>
        <option value="REMOVE">Don&apos;t replace</option>
        <option value="CALL">Call me</option>
      </select>
    </label>
  );
}

/** How far the cart is from the next saving (issue 18): "Add ₹42 more for free delivery", and from no small-cart fee. */
function SavingsNudge({ bill, fees }: { bill: Bill; fees: AppliedFees | null }) {
  const nudges = fees ? nextSavings(bill, fees) : [];
  if (nudges.length === 0) return null;
  return (
    <ul
      data-testid="cart-nudges"
      className="rounded-2xl bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-700"
    >
      {nudges.map((n) => (
        <li key={n.kind} data-testid={`cart-nudge-${n.kind}`}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}

function BillDetails({ bill, count }: { bill: Bill; count: number }) {
  return (
    <section
      aria-labelledby="bill-details-title"
      data-testid="bill-details"
      className="rounded-2xl bg-white p-4 text-sm shadow-[0_1px_3px_rgba(0,0,0,0.05)]"
    >
      <h2 id="bill-details-title" className="text-base font-bold text-ink">
        Bill details
      </h2>
      <BillSummary bill={bill} count={count} testIdPrefix="bill" className="mt-3" />
    </section>
  );
}

function ProceedButton({
  totalPaise,
  signedIn,
  blockedReason,
  onNavigate,
}: {
  totalPaise: number;
  signedIn: boolean;
  /** lines the store cannot supply wait to be removed or reduced: why Proceed is disabled */
  blockedReason: string | null;
  onNavigate?: () => void;
}) {
  const router = useRouter();
  return (
    <>
      {blockedReason && (
        <p
          id="cart-blocked-reason"
          role="status"
          data-testid="cart-blocked-reason"
          className="mb-2 rounded-xl bg-red-50 px-3 py-2 text-sm font-semibold text-red-700"
        >
          {blockedReason}
        </p>
      )}
      <button
        type="button"
        data-testid="cart-proceed"
        disabled={!!blockedReason}
        aria-describedby={blockedReason ? "cart-blocked-reason" : undefined}
        onClick={() => {
          if (!signedIn) {
            toast.error(PLEASE_LOGIN);
            onNavigate?.();
            router.push(LOGIN_FOR_CHECKOUT);
            return;
          }
          onNavigate?.();
          router.push(CHECKOUT_PATH);
        }}
        className="flex h-14 w-full items-center justify-between gap-3 rounded-xl bg-brand-600 px-4 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-400"
      >
        <span className="flex flex-col items-start leading-tight">
          <span className="text-base font-bold">{formatPaise(totalPaise)}</span>
          <span className="text-xs text-white">TOTAL</span>
        </span>
        <span className="flex items-center gap-1 text-lg font-bold">
          Proceed
          <ChevronRightIcon className="size-5" />
        </span>
      </button>
    </>
  );
}

function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="cart-empty">
      <EmptyCartArt className="h-40 w-48" />
      <h2 className="text-lg font-bold text-ink">Your cart is empty</h2>
      <p className="max-w-64 text-sm text-muted">
        Add fresh groceries and daily essentials; they reach you in minutes.
      </p>
      <Link
        href="/"
        onClick={onNavigate}
        className="mt-2 inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-6 font-bold text-white hover:bg-brand-700"
      >
        Shop Now
      </Link>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-3" role="status" aria-busy="true" aria-label="Loading your cart">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-2xl bg-white p-4">
          <div className="size-16 animate-pulse rounded-xl bg-canvas" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3 w-3/4 animate-pulse rounded bg-canvas" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-canvas" />
          </div>
        </div>
      ))}
    </div>
  );
}
