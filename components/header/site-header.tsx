import { CartButton } from "@/components/cart/cart-button";
import { LocationPrompt } from "@/components/location/location-prompt";
import { readLocationView } from "@/components/location/location-root";
import { SearchBar } from "@/components/search/search-bar";
import { AccountArea } from "./account-area";
import { LocationButton } from "./location-button";
import { Logo } from "./logo";

/**
 * Sticky shop header (spec §2 Layout): logo, the delivery location and its promise (issue 16; beside the logo on a
 * phone too), search bar, Login / account, cart button. Before a location is chosen the "Where should we deliver?" strip
 * follows it, in the page's flow. Sits under a LocationRoot (components/location/location-root.tsx), whose sheet the
 * location line opens.
 */
export async function SiteHeader() {
  const view = await readLocationView();
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        {/* On a phone two rows, 113 px with the border (the listing's sticky rail sits under it): the logo, the
            delivery line and the account; then the search bar. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:h-20 md:flex-nowrap md:gap-x-5 md:py-0">
          <Logo />
          <LocationButton view={view} />
          <div className="order-last w-full md:order-none md:flex md:w-auto md:flex-1 md:justify-center">
            <SearchBar />
          </div>
          <div className="flex items-center gap-2 md:gap-4">
            <AccountArea />
            <CartButton />
          </div>
        </div>
      </header>
      {view.state === "none" && <LocationPrompt />}
    </>
  );
}
