import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { cartItemOf } from "@/components/cart/cart-model";
import { SellGate } from "@/components/location/sell-gate";
import { ClockIcon } from "@/components/ui/icons";
import { fewLeftText } from "@/lib/cart/rules";
import type { Product } from "@/lib/catalog/types";
import { priceView } from "./price";

/** Name, unit, price and the add control of the product page (spec §2 Product detail). */
export function ProductInfo({ product }: { product: Product }) {
  const price = priceView(product.pricePaise, product.discount);
  const outOfStock = product.stock <= 0;

  return (
    <div className="flex flex-col gap-3">
      <span className="inline-flex w-fit items-center gap-1 rounded-md bg-brand-50 px-2 py-1 text-xs font-bold text-brand-800">
        <ClockIcon className="size-3.5 text-brand-600" />
        10 Min
      </span>
      <h1 className="text-2xl leading-tight font-bold tracking-tight text-ink md:text-3xl">{product.name}</h1>
      <p className="text-sm text-muted">
        Unit: <span className="font-semibold text-ink">{product.unit}</span>
      </p>

      <div className="mt-2 flex flex-wrap items-end justify-between gap-4 border-y border-line py-4">
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
