"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { CartIcon, ChevronRightIcon } from "@/components/ui/icons";
import { itemsLabel, totalLabel } from "./cart-label";
import { useCartSummary } from "./use-cart-summary";

/**
 * Below 768 px: a bar fixed to the bottom with the cart's count and total, going to the /cart page (a full page
 * suits a phone better than a drawer); hidden on /checkout (spec §2) and on /cart itself.
 */
export function MobileCartBar() {
  const pathname = usePathname();
  const { count, totalPaise } = useCartSummary();
  if (pathname === "/checkout" || pathname === "/cart") return null;

  return (
    <div className="fixed inset-x-0 bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:hidden">
      <Link
        href="/cart"
        data-testid="mobile-cart-bar"
        className="flex items-center gap-3 rounded-2xl bg-brand-600 px-4 py-3 text-white shadow-lg shadow-brand-900/20"
      >
        <span className="flex size-9 items-center justify-center rounded-lg bg-white/15">
          <CartIcon className="size-5" />
        </span>
        <span className="flex flex-col leading-tight">
          <span className="text-xs font-medium text-white">{itemsLabel(count)}</span>
          <span className="text-sm font-bold">{totalLabel(totalPaise)}</span>
        </span>
        <span className="ml-auto flex items-center gap-1 text-sm font-semibold">
          View Cart
          <ChevronRightIcon className="size-4" />
        </span>
      </Link>
    </div>
  );
}
