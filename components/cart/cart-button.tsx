"use client";

import { useRef, useState } from "react";
import { CartIcon } from "@/components/ui/icons";
import { itemsLabel, totalLabel } from "./cart-label";
import { CartDrawer } from "./cart-drawer";
import { useCartBackgroundSync } from "./guest-cart-merge";
import { useCartSummary } from "./use-cart-summary";

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
        <CartDrawer
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
