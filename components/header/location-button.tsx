import { LocationSheetOpener } from "@/components/location/location-opener";
import { AlertIcon, BoltIcon, ChevronDownIcon, PinIcon } from "@/components/ui/icons";
import type { LocationState, LocationView } from "@/lib/stores/location-view";

const HEADLINE_TONE: Record<LocationState, string> = {
  none: "text-ink",
  open: "text-ink",
  closed: "text-accent-800",
  unserved: "text-red-700",
};

/**
 * The header's location line (issue 16, "The header tells the truth"), on every screen size: "Delivery in N
 * minutes" for the chosen place with the place under it ("Koramangala, 560034"), "Select your location" before one is
 * chosen, and the closed, paused or not-served message instead of a promise. Tapping it opens the location sheet.
 * It sits beside the logo mark on a phone (the header's first row) and beside the logo from 768 px.
 */
export function LocationButton({ view }: { view: LocationView }) {
  const Icon = view.state === "open" ? BoltIcon : view.state === "none" ? PinIcon : AlertIcon;
  return (
    <LocationSheetOpener
      testId="header-location"
      state={view.state}
      className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-xl py-1 text-left hover:bg-canvas md:max-w-[15rem] md:flex-initial md:shrink md:px-2 lg:max-w-xs"
    >
      <Icon
        className={`size-5 shrink-0 ${view.state === "open" ? "fill-accent-400 text-accent-500" : HEADLINE_TONE[view.state]}`}
      />
      {/* two lines' height on a phone even while one line of text fits: the account corner fills in after hydration
          for a signed-in shopper, the headline wraps then, and the whole page moved down under it (CLS 0.2–0.4) */}
      <span className={`flex min-w-0 flex-1 flex-col leading-tight ${view.place ? "" : "max-md:min-h-10 max-md:justify-center"}`}>
        <span
          data-testid="header-location-headline"
          className={`line-clamp-2 text-sm font-extrabold md:text-base ${view.place ? "max-md:line-clamp-1" : ""} ${HEADLINE_TONE[view.state]}`}
        >
          {view.headline}
        </span>
        {view.place && (
          <span data-testid="header-location-place" className="truncate text-sm text-muted">
            {view.place}
          </span>
        )}
      </span>
      <ChevronDownIcon className="size-4 shrink-0 text-muted" />
    </LocationSheetOpener>
  );
}
