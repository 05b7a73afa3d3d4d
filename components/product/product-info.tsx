import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { CartQuantityControl } from "@/components/cart/cart-quantity-control";
import { cartItemOf } from "@/components/cart/cart-model";
import { SellGate } from "@/components/location/sell-gate";
import { ClockIcon } from "@/components/ui/icons";
import { fewLeftText } from "@/lib/cart/rules";
import type { Product } from "@/lib/catalog/types";
import { priceView } from "./price";

/**
 * Name, unit, price and the add control of the product page (spec §2 Product detail). The price row is `buy-main`:
 * while any of it is on screen the phone's buy bar (ProductBuyBar) stays hidden (app/globals.css).
 */
export function ProductInfo({ product }: { product: Product }) {
  const price = priceView(product.pricePaise, product.discount);
  const outOfStock = product.stock <= 0;

  return (
    <div className="flex flex-col gap-2 md:gap-3">
      <span className="inline-flex w-fit items-center gap-1 rounded-md bg-brand-50 px-2 py-1 text-xs font-bold text-brand-800">
        <ClockIcon className="size-3.5 text-brand-600" />
        10 Min
      </span>
      <h1 className="text-xl leading-tight font-bold tracking-tight text-ink md:text-3xl">{product.name}</h1>
      <p className="text-sm text-muted">
        Unit: <span className="font-semibold text-ink">{product.unit}</span>
      </p>

      <div className="buy-main mt-1 flex flex-wrap items-center justify-between gap-3 border-y border-line py-3 md:mt-2 md:items-end md:gap-4 md:py-4">
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
            <span data-testid="product-price" className="text-2xl font-extrabold text-ink">
              {price.now}
            </span>
            {price.was && (
              <>
                <span className="text-sm text-muted">
                  MRP{" "}
                  <s data-testid="product-original-price">
                    <span className="sr-only">Original price </span>
                    {price.was}
                  </s>
                </span>
                <span className="rounded-md bg-blue-50 px-2 py-0.5 text-sm font-bold text-blue-700">
                  {price.discount}% Discount
                </span>
              </>
            )}
          </p>
          <p className="text-xs text-muted">(Inclusive of all taxes)</p>
          {fewLeftText(product.stock) && (
            <p className="text-sm font-semibold text-red-700" data-testid="few-left">
              {fewLeftText(product.stock)}
            </p>
          )}
        </div>
        {outOfStock ? (
          <p className="rounded-xl bg-red-50 px-4 py-2.5 text-base font-bold text-red-700">Out of Stock</p>
        ) : (
          <SellGate productName={product.name} size="lg">
            <AddToCartButton size="lg" product={cartItemOf(product)} />
          </SellGate>
        )}
      </div>
    </div>
  );
}

/**
 * Below 768 px, once the price row has scrolled away: a slim bar fixed to the bottom (above the cart bar when that
 * shows) with the price and a second ADD / stepper, so neither is ever a scroll away (issue 21 item 3). Shown and
 * hidden by CSS alone (a scroll-driven animation on the price row's view timeline, app/globals.css), so it costs no
 * script; the page leaves room for it below the footer. Its control is an `echo`: no test ids, not read out twice.
 */
export function ProductBuyBar({ product }: { product: Product }) {
  // nothing to add: the page says "Out of Stock" once
  if (product.stock <= 0) return null;
  const price = priceView(product.pricePaise, product.discount);
  return (
    <div
      data-testid="product-buy-bar"
      className="buy-bar fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur"
    >
      <div className="flex items-center gap-3">
        <p className="flex min-w-0 flex-1 flex-col leading-tight">
          <span className="truncate text-xs text-muted">
            {product.name} · {product.unit}
          </span>
          <span className="flex items-baseline gap-1.5">
            <span className="text-base font-extrabold text-ink">{price.now}</span>
            {price.was && (
              <s className="text-xs text-muted">
                <span className="sr-only">Original price </span>
                {price.was}
              </s>
            )}
          </span>
        </p>
        <SellGate productName={product.name} size="lg" echo>
          <CartQuantityControl size="lg" product={cartItemOf(product)} echo />
        </SellGate>
      </div>
    </div>
  );
}

/** Description, unit and each extra detail the admin added. */
export function ProductDetails({ product }: { product: Product }) {
  const rows: [string, string][] = [
    ["Description", product.description],
    ["Unit", product.unit],
    ...Object.entries(product.moreDetails),
  ];
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="text-lg font-bold text-ink">
        Product Details
      </h2>
      <dl className="mt-3 flex flex-col gap-4">
        {rows
          .filter(([, value]) => value.trim() !== "")
          .map(([key, value]) => (
            <div key={key}>
              <dt className="text-sm font-semibold text-ink">{key}</dt>
              <dd className="mt-0.5 text-sm leading-relaxed whitespace-pre-line text-muted">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
