"use client";

import { preloadLocationSheet, useShopperLocation } from "./location-context";

/**
 * A button that opens the location sheet (the header's location line, the first visit's strip). Its content is drawn
 * on the server; only this opener is client code.
 */
export function LocationSheetOpener({
  className,
  testId,
  state,
  children,
}: {
  className: string;
  testId: string;
  state?: string;
  children: React.ReactNode;
}) {
  const location = useShopperLocation();
  return (
    <button
      type="button"
      onClick={location?.openSheet}
      onPointerEnter={preloadLocationSheet}
      onFocus={preloadLocationSheet}
      aria-haspopup="dialog"
      data-testid={testId}
      data-state={state}
      className={className}
    >
      {children}
    </button>
  );
}
