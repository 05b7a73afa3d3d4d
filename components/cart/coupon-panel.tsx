"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Form, FormField } from "@/components/ui/form-field";
import { TagIcon } from "@/components/ui/icons";
import { callAction, failureText, useServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import type { Cart } from "@/lib/cart/types";
import { applyCouponAction, couponOffersAction, removeCouponAction } from "@/lib/coupons/actions";
import type { CouponOffer } from "@/lib/coupons/rules";
import { cartCouponMessage } from "@/lib/coupons/terms";
import { applyCouponSchema } from "@/lib/coupons/schemas";
import { formatPaise } from "@/lib/money";
import { billOf } from "./cart-bill";
import { fromServerCart } from "./cart-model";
import { QueryProvider } from "@/components/ui/query-provider";
import { cartResource, useCart } from "./use-cart";

// Coupons in the cart drawer, /cart and checkout (issue 18): the "Apply coupon" field (a refused code says which rule
// failed right under it, not only in a toast), the coupon on the cart with its saving or why it takes nothing off yet,
// Remove, and "Available offers" — the ones the shopper qualifies for (Apply, one tap) and the nearest ones they do
// not yet ("Add ₹50 more"). Loaded only where a bill is shown, after the page (its JavaScript is not in the first load).

export const COUPON_OFFERS_KEY = ["coupon-offers"] as const;

export function CouponPanel({ place }: { place: "cart" | "checkout" }) {
  // the offers are a TanStack query: its client comes with this panel, which loads after the page
  return (
    <QueryProvider>
      <CouponPanelBody place={place} />
    </QueryProvider>
  );
}

function CouponPanelBody({ place }: { place: "cart" | "checkout" }) {
  const cart = useCart();
  const queryClient = useQueryClient();
  const current = cart.cart;
  const coupon = current?.coupon ?? null;
  const itemsTotal = cart.totals.totalPaise;

  function showCart(next: Cart) {
    cartResource.set(fromServerCart(next));
    void queryClient.invalidateQueries({ queryKey: COUPON_OFFERS_KEY });
  }

  const state = useActionForm(applyCouponSchema, { code: "" }, applyCouponAction, {
    onDone: (done) => {
      showCart(done.data);
      state.form.reset({ code: "" });
    },
  });
  const remove = useServerAction(removeCouponAction, { onSuccess: showCart });
  const applyOffer = useServerAction(applyCouponAction, { onSuccess: showCart });

  const offers = useQuery({
    queryKey: [...COUPON_OFFERS_KEY, itemsTotal, coupon?.code ?? null],
    queryFn: async (): Promise<CouponOffer[]> => {
      const result = await callAction(couponOffersAction, {});
      if (!result.ok) throw new Error(failureText(result));
      return result.data;
    },
    enabled: cart.signedIn,
    staleTime: 30_000,
  });

  if (!current) return null;
  if (!cart.signedIn) {
    return (
      <section
        aria-label="Coupons"
        className="rounded-2xl bg-white p-4 text-sm text-muted shadow-[0_1px_3px_rgba(0,0,0,0.05)]"
      >
        <p className="flex items-center gap-2" data-testid="coupon-login">
          <TagIcon className="size-5 text-brand-700" /> Log in to apply a coupon
        </p>
      </section>
    );
  }

  const bill = billOf(current);
  const waiting = coupon ? cartCouponMessage(coupon, itemsTotal) : null;
  const busy = state.pending || remove.pending || applyOffer.pending;

  return (
    <section
      aria-labelledby={`coupons-${place}`}
      data-testid="coupon-panel"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 text-sm shadow-[0_1px_3px_rgba(0,0,0,0.05)]"
    >
      <h2 id={`coupons-${place}`} className="flex items-center gap-2 text-base font-bold text-ink">
        <TagIcon className="size-5 text-brand-700" /> Coupons and offers
      </h2>
      {coupon && (
        <div
          data-testid="coupon-applied"
          className={`flex items-start justify-between gap-3 rounded-xl px-3 py-2 ${waiting ? "bg-amber-50" : "bg-brand-50"}`}
        >
          <p className="flex min-w-0 flex-col">
            <span className="font-bold text-ink" data-testid="coupon-applied-code">
              {coupon.code}
            </span>
            {waiting ? (
              <span role="status" className="font-semibold text-amber-900" data-testid="coupon-applied-note">
                {waiting}
              </span>
            ) : (
              <span className="font-semibold text-brand-700" data-testid="coupon-applied-note">
                You save {formatPaise(bill.couponDiscountPaise)}
              </span>
            )}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void remove.run({})}
            aria-label={`Remove coupon ${coupon.code}`}
            data-testid="coupon-remove"
            className="h-9 shrink-0 rounded-lg border border-line bg-white px-3 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            Remove
          </button>
        </div>
      )}
      <Form label="Coupon code" onSubmit={state.submit} className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <FormField
            label="Apply coupon"
            placeholder="Enter coupon code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            {...state.field("code")}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          data-testid="coupon-apply"
          className="mt-[1.625rem] h-11 shrink-0 rounded-xl bg-brand-600 px-4 font-bold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {state.pending ? "Applying…" : "Apply"}
        </button>
      </Form>
      <Offers
        offers={offers.data}
        loading={offers.isPending}
        failed={offers.isError}
        busy={busy}
        onApply={(code) => void applyOffer.run({ code })}
      />
    </section>
  );
}

function Offers({
  offers,
  loading,
  failed,
  busy,
  onApply,
}: {
  offers: CouponOffer[] | undefined;
  loading: boolean;
  failed: boolean;
  busy: boolean;
  onApply: (code: string) => void;
}) {
  return (
    <div>
      <h3 className="font-semibold text-ink">Available offers</h3>
      {loading ? (
        <p className="mt-1 text-muted" role="status">
          Looking for offers…
        </p>
      ) : failed ? (
        <p className="mt-1 text-muted" role="status">
          We could not load the offers. Type a code above instead.
        </p>
      ) : !offers?.length ? (
        <p className="mt-1 text-muted" data-testid="coupon-offers-none">
          No offers for this cart right now.
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" data-testid="coupon-offers">
          {offers.map((o) => (
            <li
              key={o.code}
              data-testid="coupon-offer"
              data-code={o.code}
              className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-brand-500/60 px-3 py-2"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-bold text-ink">{o.code}</span>
                <span className="text-xs text-muted">
                  {o.description}
                  {o.firstOrderOnly ? " · first order only" : ""}
                </span>
                {!o.qualifies && o.missingPaise > 0 && (
                  <span className="text-xs font-semibold text-amber-900" data-testid="coupon-offer-missing">
                    Add {formatPaise(o.missingPaise)} more
                  </span>
                )}
              </span>
              {o.applied ? (
                <span className="shrink-0 text-xs font-semibold text-brand-700">Applied</span>
              ) : o.qualifies ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onApply(o.code)}
                  aria-label={`Apply ${o.code}`}
                  className="h-11 shrink-0 rounded-lg border border-brand-600 px-3 font-bold text-brand-700 md:h-9 hover:bg-brand-50 disabled:opacity-60"
                >
                  Apply
                </button>
              ) : (
                <span className="shrink-0 text-xs text-muted">Not yet</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
