"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { CartIcon } from "@/components/ui/icons-frame";
import { itemsLabel, totalLabel } from "./cart-label";
import { useCartBackgroundSync } from "./guest-cart-merge";
import { useCartSummary } from "./use-cart-summary";

// The drawer (cart lines, bill, quantity controls, and the dialog code under it) loads on first use, off every
// page's initial JavaScript; pointing at or focusing the button starts the download early.
const loadDrawer = () => import("./cart-drawer");
const warmDrawer = () => void loadDrawer().then((m) => m.preloadDrawer());
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

/**
 * Header cart button (md and up; phones get the bottom cart bar): the item count (sum of quantities) and the
 * total, opening the cart drawer. Mounted on every page, so it also keeps the cart in sync (login merge, other tabs).
 */
export function CartButton() {
  const { count, totalPaise, ready } = useCartSummary();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useCartBackgroundSync();

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={warmDrawer}
        onFocus={warmDrawer}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? `Cart: ${itemsLabel(count)}, ${totalLabel(totalPaise)}` : "My Cart"}
        data-testid="cart-button"
        data-cart-ready={ready}
        className="hidden h-12 min-w-28 shrink-0 items-center gap-2 rounded-xl bg-brand-600 px-3 text-white shadow-sm transition-colors hover:bg-brand-700 md:flex"
      >
        <CartIcon className="size-6 shrink-0" />
        {count > 0 ? (
          <span className="flex flex-col text-left leading-tight">
            <span className="text-xs font-semibold" data-testid="cart-count">
              {itemsLabel(count)}
            </span>
            <span className="text-sm font-bold">{totalLabel(totalPaise)}</span>
          </span>
        ) : (
          <span className="text-sm font-bold">My Cart</span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
