"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { CartIcon, ChevronRightIcon } from "@/components/ui/icons-frame";
import { itemsLabel, totalLabel } from "./cart-label";
import { useCartSummary } from "./use-cart-summary";

/**
 * Below 768 px: a bar fixed to the bottom with the cart's count and total, going to the /cart page (a full page
 * suits a phone better than a drawer); only when the cart has something in it (issue 21 item 2), hidden on /checkout
 * (spec §2) and on /cart itself. While it shows, a spacer of its height ends the page, so the footer's last link
 * scrolls clear of it.
 */
export function MobileCartBar() {
  const pathname = usePathname();
  const { count, totalPaise } = useCartSummary();
  if (count === 0 || pathname === "/checkout" || pathname === "/cart") return null;

  return (
    <>
      <div aria-hidden="true" className="h-24 md:hidden" data-testid="mobile-cart-bar-room" />
      <div className="fixed inset-x-0 bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:hidden">
        <Link
          href="/cart"
          data-testid="mobile-cart-bar"
          className="flex items-center gap-3 rounded-2xl bg-brand-600 px-4 py-3 text-white shadow-lg shadow-brand-900/20"
        >
          <span className="flex size-9 items-center justify-center rounded-lg bg-white/15">
            <CartIcon className="size-5" />
          </span>
          <span className="text-sm font-bold" data-testid="mobile-cart-bar-summary">
            {itemsLabel(count)} · {totalLabel(totalPaise)}
          </span>
          <span className="ml-auto flex items-center gap-1 text-sm font-semibold">
            View cart
            <ChevronRightIcon className="size-4" />
          </span>
        </Link>
      </div>
    </>
  );
}
