"use client";

import { useId } from "react";
import { useShopperLocation } from "./location-context";

const LOOK = {
  sm: "h-11 min-w-[4.5rem] rounded-lg border border-line bg-canvas px-3 text-sm",
  lg: "h-11 min-w-32 rounded-xl bg-canvas px-6 text-base",
} as const;

/**
 * The add control, or — where the shop cannot sell to the shopper's location (no store delivers there, or the
 * store is closed or paused) — a disabled ADD with the reason written out under it (a phone shows no tooltips).
 * Sits in a wrapping flex row: the reason takes a line of its own. `short` cards say it in a few words.
 */
export function SellGate({
  productName,
  size = "sm",
  echo = false,
  children,
}: {
  productName: string;
  size?: "sm" | "lg";
  /** a second copy of a gated control (the product page's buy bar): says nothing more when blocked */
  echo?: boolean;
  children: React.ReactNode;
}) {
  const location = useShopperLocation();
  const reasonId = useId();
  const view = location?.view;
  if (!view?.blocked) return <>{children}</>;
  if (echo) return null;
  const reason = size === "sm" ? (view.blockedShort ?? view.blocked) : view.blocked;
  return (
    <>
      <button
        type="button"
        disabled
        aria-label={`Add ${productName} to cart`}
        aria-describedby={reasonId}
        data-testid="add-to-cart"
        className={`inline-flex shrink-0 cursor-not-allowed items-center justify-center font-bold tracking-wide text-muted ${LOOK[size]}`}
      >
        ADD
      </button>
      <p
        id={reasonId}
        data-testid="add-blocked-reason"
        title={view.blocked}
        className={`basis-full font-medium ${view.state === "unserved" ? "text-red-700" : "text-accent-800"} ${
          size === "sm" ? "text-xs" : "text-sm"
        }`}
      >
        {reason}
      </p>
    </>
  );
}
