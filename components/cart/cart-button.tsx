"use client";

import Link from "next/link";
import { CartIcon } from "@/components/ui/icons";
import { itemsLabel, totalLabel } from "./cart-label";
import { useCartSummary } from "./use-cart-summary";

/**
 * Header cart button (md and up; phones get the bottom cart bar). It links to /cart until the
 * cart drawer exists; the cart issue can turn it into the drawer's trigger.
 */
export function CartButton() {
  const { count, totalPaise } = useCartSummary();

  return (
    <Link
      href="/cart"
      data-testid="cart-button"
      className="hidden h-12 min-w-28 shrink-0 items-center gap-2 rounded-xl bg-brand-600 px-3 text-white shadow-sm transition-colors hover:bg-brand-700 md:flex"
    >
      <CartIcon className="size-6 shrink-0" />
      {count > 0 ? (
        <span className="flex flex-col text-left leading-tight">
          <span className="text-xs font-semibold">{itemsLabel(count)}</span>
          <span className="text-sm font-bold">{totalLabel(totalPaise)}</span>
        </span>
      ) : (
        <span className="text-sm font-bold">My Cart</span>
      )}
    </Link>
  );
}
