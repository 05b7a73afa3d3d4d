import { cache } from "react";
import { log } from "@/lib/log";
import { shopperLocationView } from "@/lib/stores/current";
import { describeLocation, type LocationView } from "@/lib/stores/location-view";
import { LocationProvider } from "./location-context";

/**
 * The shopper's location for this request (the `kw_location` cookie, looked up in the store table on every request,
 * so a pause or a new store shows at once); read once per request by the header and the provider below.
 */
export const readLocationView = cache(async (): Promise<LocationView> => {
  try {
    return await shopperLocationView();
  } catch (error) {
    // a shop with no store yet: the page still renders, and asks for a location
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "could not read the shopper's location",
    );
    return describeLocation(null, null);
  }
});

/** Hands the shopper's location to the ADD buttons and the location sheet under it (components/location). */
export async function LocationRoot({ children }: { children: React.ReactNode }) {
  return <LocationProvider view={await readLocationView()}>{children}</LocationProvider>;
}
