import { ChevronRightIcon, PinIcon } from "@/components/ui/icons";
import { WHERE_TO_DELIVER } from "@/lib/stores/location-view";
import { LocationSheetOpener } from "./location-opener";

/**
 * The first visit's question (issue 16, "Location first"): a slim strip under the header, in the page's flow (it
 * scrolls away and covers nothing), that opens the location sheet. SiteHeader shows it until a location is chosen.
 */
export function LocationPrompt() {
  return (
    <div className="border-b border-accent-200 bg-accent-50">
      <LocationSheetOpener
        testId="location-prompt"
        className="mx-auto flex min-h-11 w-full max-w-7xl items-center gap-2 px-4 py-1.5 text-left"
      >
        <PinIcon className="size-5 shrink-0 text-accent-800" />
        <span className="flex min-w-0 flex-1 flex-col leading-tight sm:flex-row sm:items-baseline sm:gap-2">
          <span className="text-sm font-bold text-ink">{WHERE_TO_DELIVER}</span>
          <span className="text-xs text-accent-800 sm:text-sm">
            Choose a place to see stock and delivery time
          </span>
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-accent-800" />
      </LocationSheetOpener>
    </div>
  );
}
