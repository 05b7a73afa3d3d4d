import { CartButton } from "@/components/cart/cart-button";
import { SearchBar } from "@/components/search/search-bar";
import { AccountArea } from "./account-area";
import { DeliveryPromise } from "./delivery-promise";
import { Logo } from "./logo";

/** Sticky shop header (spec §2 Layout): logo, search bar, Login / account, cart button. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 md:flex-nowrap md:gap-x-6 md:py-0 md:h-20">
        <Logo />
        <DeliveryPromise />
        <div className="order-last w-full md:order-none md:flex md:flex-1 md:justify-center md:w-auto">
          <SearchBar />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0 md:gap-4">
          <AccountArea />
          <CartButton />
        </div>
      </div>
    </header>
  );
}
