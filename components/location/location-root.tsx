import { log } from "@/lib/log";
import { shopperLocationView } from "@/lib/stores/current";
import { describeLocation, type LocationView } from "@/lib/stores/location-view";
import { LocationProvider } from "./location-context";

/**
 * Reads the shopper's location (the `kw_location` cookie, looked up in the store table on every request, so a pause or
 * a new store shows at once) and hands it to the header, the location prompt and the ADD buttons under it.
 */
export async function LocationRoot({ children }: { children: React.ReactNode }) {
  let view: LocationView;
  try {
    view = await shopperLocationView();
  } catch (error) {
    // a shop with no store yet: the page still renders, and asks for a location
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "could not read the shopper's location",
    );
    view = describeLocation(null, null);
  }
  return <LocationProvider view={view}>{children}</LocationProvider>;
}
