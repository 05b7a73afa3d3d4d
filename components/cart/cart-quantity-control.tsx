"use client";

import { useEffect, useRef, useState } from "react";
import { MAX_PER_LINE } from "@/lib/cart/rules";
import { useHydrated } from "@/components/ui/use-hydrated";
import { capOf, type CartItemProduct } from "./cart-model";
import { MinusIcon, PlusIcon } from "@/components/ui/icons-frame";
import { useCart } from "./use-cart";

export type { CartItemProduct } from "./cart-model";

// Every button is at least 44×44 CSS px (issue 21 item 5: a thumb, not a mouse pointer); the small size is the cards'.
const LOOK = {
  sm: {
    add: "h-11 min-w-[4.5rem] rounded-lg border border-brand-600 bg-brand-50 px-3 text-sm text-brand-700 hover:bg-brand-600 hover:text-white",
    stepper: "h-11 min-w-[6.75rem] rounded-lg text-sm",
    button: "w-11",
    icon: "size-4",
    out: "rounded-lg bg-canvas px-2 py-1.5 text-xs",
  },
  lg: {
    add: "h-11 min-w-32 rounded-xl bg-brand-600 px-6 text-base text-white shadow-sm hover:bg-brand-700",
    stepper: "h-11 min-w-32 rounded-xl text-base shadow-sm",
    button: "w-11",
    icon: "size-4",
    out: "rounded-xl bg-red-50 px-4 py-2.5 text-base text-red-700",
  },
} as const;

/**
 * The cart control of cards, the product page, the drawer and the cart page (spec §4 Cart item): `ADD` while the
 * product is not in the cart (`Out of stock` when none is left), otherwise − quantity +. Decreasing at 1 removes
 * the line; at min(stock, 10) + stays tappable but adds nothing and says why by the stepper, "Only 8 left" or
 * "Max 10 per order", read out too (issue 21 item 4: a phone never shows a tooltip, and a disabled button cannot be
 * tapped to ask). Plain buttons with spoken names, so it works from the keyboard, and focus stays on the control when
 * it changes shape.
 */
export function CartQuantityControl({
  product,
  size = "sm",
  echo = false,
}: {
  product: CartItemProduct;
  size?: "sm" | "lg";
  /** a second copy of a control shown elsewhere on the page (the product page's sticky bar): no test ids, silent */
  echo?: boolean;
}) {
  const id = (testId: string) => (echo ? undefined : testId);
  const cart = useCart();
  // the kit's rule (components/ui/use-hydrated.ts): a tap on the server's HTML before React runs would be lost, so
  // ADD, − and + are disabled until then (they look the same; a cached page hydrates a frame after its first paint)
  const hydrated = useHydrated();
  const quantity = cart.quantityOf(product.id);
  const look = LOOK[size];
  const addRef = useRef<HTMLButtonElement>(null);
  const increaseRef = useRef<HTMLButtonElement>(null);
  const decreaseRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<"add" | "increase" | null>(null);
  // the quantity at which + was tapped at the limit: the note shows until the quantity changes
  const [limitAt, setLimitAt] = useState(0);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === "add") addRef.current?.focus();
    else (increaseRef.current?.dataset.atLimit ? decreaseRef.current : increaseRef.current)?.focus();
  }, [quantity]);

  const line = cart.lines.find((l) => l.productId === product.id);
  // a signed-in line carries the server's fresh stock; otherwise the page's own copy is the newest
  const known = cart.signedIn && line ? line.product : product;
  const cap = capOf(known);

  if (quantity === 0) {
    if (product.stock <= 0) {
      return (
        <span
          data-testid={id("out-of-stock")}
          className={`inline-flex shrink-0 items-center font-semibold text-muted ${look.out}`}
        >
          Out of stock
        </span>
      );
    }
    return (
      <button
        ref={addRef}
        type="button"
        onClick={() => {
          focusNext.current = "increase";
          cart.add(product);
        }}
        disabled={!hydrated}
        aria-label={`Add ${product.name} to cart`}
        data-testid={id("add-to-cart")}
        className={`inline-flex shrink-0 items-center justify-center font-bold tracking-wide transition-colors ${look.add}`}
      >
        ADD
      </button>
    );
  }

  const atCap = quantity >= cap;
  const limit =
    limitAt === quantity
      ? known.stock < MAX_PER_LINE
        ? `Only ${Math.floor(known.stock)} left`
        : `Max ${MAX_PER_LINE} per order`
      : null;
  return (
    <div className="relative inline-flex shrink-0">
      <div
        role="group"
        aria-label={`Quantity of ${product.name}`}
        data-testid={id("cart-quantity")}
        className={`inline-flex shrink-0 items-stretch justify-between overflow-hidden bg-brand-600 font-bold text-white ${look.stepper}`}
      >
        <button
          ref={decreaseRef}
          type="button"
          onClick={() => {
            if (quantity === 1) focusNext.current = "add";
            cart.decrement(product);
          }}
          disabled={!hydrated}
          aria-label={`Decrease quantity of ${product.name}`}
          data-testid={id("cart-decrease")}
          className={`flex items-center justify-center transition-colors hover:bg-brand-700 ${look.button}`}
        >
          <MinusIcon className={look.icon} />
        </button>
        <span
          aria-live={echo ? undefined : "polite"}
          aria-atomic="true"
          data-testid={id("cart-quantity-value")}
          className="flex min-w-5 items-center justify-center tabular-nums"
        >
          <span className="sr-only">{product.name} quantity </span>
          {quantity}
        </span>
        <button
          ref={increaseRef}
          type="button"
          onClick={() => (atCap ? setLimitAt(quantity) : cart.increment(product))}
          // not disabled at the limit, not even aria-disabled: a tap there is how the shopper asks why nothing was added
          data-at-limit={atCap || undefined}
          disabled={!hydrated}
          aria-label={`Increase quantity of ${product.name}`}
          data-testid={id("cart-increase")}
          className={`flex items-center justify-center transition-colors hover:bg-brand-700 data-at-limit:opacity-50 data-at-limit:hover:bg-transparent ${look.button}`}
        >
          <PlusIcon className={look.icon} />
        </button>
      </div>
      <span
        role="status"
        data-testid={id("cart-limit")}
        className={
          limit
            ? `absolute right-0 z-10 ${echo ? "bottom-full mb-1" : "top-full mt-1"} rounded-md bg-ink px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow`
            : "sr-only"
        }
      >
        {limit}
      </span>
    </div>
  );
}
