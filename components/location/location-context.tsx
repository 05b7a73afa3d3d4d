"use client";

import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { preloadDialog } from "@/components/ui/dialog";
import type { LocationView } from "@/lib/stores/location-view";

// The shopper's delivery location as the page was rendered with it (lib/stores/location-view.ts, made on the server
// from the `kw_location` cookie), for the header's location line, the "Where should we deliver?" prompt and every
// ADD; and the location sheet, opened from any of them. Choosing a place refreshes the page (router.refresh), which
// brings a new view here.

type LocationContextValue = {
  view: LocationView;
  openSheet: () => void;
};

const LocationContext = createContext<LocationContextValue | null>(null);

const loadSheet = () => import("./location-sheet");
const LocationSheet = lazy(loadSheet);

/** Fetches the sheet's code (and the dialog's) ahead of the first tap: an opener's onPointerEnter / onFocus. */
export const preloadLocationSheet = () => {
  void loadSheet();
  preloadDialog();
};

export function LocationProvider({ view, children }: { view: LocationView; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const openSheet = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ view, openSheet }), [view, openSheet]);
  return (
    <LocationContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LocationSheet view={view} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </LocationContext.Provider>
  );
}

/** The shopper's location and the sheet's opener; null outside a LocationProvider (nothing is blocked there). */
export function useShopperLocation(): LocationContextValue | null {
  return useContext(LocationContext);
}

/** What the cart and checkout promise: the header's line for the chosen place ("Delivery in 11 minutes", or why not). */
export function useDeliveryPromise(): string {
  return useContext(LocationContext)?.view.headline ?? "Delivery from your nearest dark store";
}
