import Link from "next/link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { cartItemOf } from "@/components/cart/cart-model";
import { SellGate } from "@/components/location/sell-gate";
import { ClockIcon } from "@/components/ui/icons";
import { fewLeftText } from "@/lib/cart/rules";
import type { ProductCard as ProductCardData } from "@/lib/catalog/types";
import { productPath } from "@/lib/slug";
import { priceView } from "./price";
import { CatalogImage } from "@/components/ui/catalog-image";

/**
 * The one product card (home rows, listings, search). No hooks of its own, so server and client lists can
 * both render it; only the ADD control is client code. `eager` is for the first cards above the fold. `heading` keeps
 * the outline unbroken: h3 under a home row's h2, h2 in a results grid that sits right under the page's h1.
 */
export function ProductCard({
  product,
  eager = false,
  heading = "h3",
}: {
  product: ProductCardData;
  eager?: boolean;
  heading?: "h2" | "h3";
}) {
  const Title = heading;
  const href = productPath(product.name, product.id);
  const price = priceView(product.pricePaise, product.discount);
  const outOfStock = product.stock <= 0;
  const image = product.images[0];
  const fewLeft = fewLeftText(product.stock);

  return (
    <article
      data-testid="product-card"
      className="group relative flex h-full flex-col rounded-xl border border-line bg-white p-2.5 shadow-[0_1px_3px_rgba(0,0,0,0.04)] transition-shadow hover:shadow-md md:p-3"
    >
      <Link href={href} className="flex flex-1 flex-col rounded-lg">
        {/* A little shorter than square on a phone, so two rows of cards fit a screen (issue 21 item 9). */}
        <span className="relative block aspect-[6/5] overflow-hidden rounded-lg bg-canvas md:aspect-square">
          {image && (
            <CatalogImage
              src={image}
              alt={product.name}
              size={400}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : undefined}
              className={`size-full object-contain transition-transform duration-300 group-hover:scale-[1.03] ${
                outOfStock ? "opacity-50 grayscale" : ""
              }`}
            />
          )}
          {price.discount > 0 && (
            <span className="absolute top-0 left-2 rounded-b-md bg-blue-600 px-1.5 pt-0.5 pb-1 text-center text-xs leading-tight font-extrabold text-white shadow-sm">
              {price.discount}%
              <br />
              OFF
            </span>
          )}
          {/* spec §2: every card has the 10 min badge; on the picture, so it costs the card no line */}
          <span className="absolute bottom-1 left-1 inline-flex items-center gap-1 rounded-md bg-white/90 px-1.5 py-0.5 text-xs font-bold text-ink uppercase shadow-sm">
            <ClockIcon className="size-3 text-brand-600" />
            10 min
          </span>
        </span>
        <Title className="mt-2 line-clamp-2 min-h-[2.5em] text-[13px] leading-[1.25] font-semibold text-ink md:text-sm">
          {product.name}
        </Title>
        <p className="mt-0.5 truncate text-xs text-muted">
          {product.unit}
          {fewLeft && (
            <span className="font-semibold text-red-700" data-testid="few-left">
              {" "}
              · {fewLeft}
            </span>
          )}
        </p>
      </Link>
      {/* On a phone the price has its own line and the control the card's width (a 44 px stepper needs 108 px);
          from 768 px they share a row. */}
      <div className="mt-1.5 flex flex-col gap-1.5 md:mt-2.5 md:min-h-11 md:flex-row md:flex-wrap md:items-center md:justify-between md:gap-x-2 md:gap-y-1">
        <p className="flex min-w-0 items-baseline gap-1.5 leading-tight md:flex-col md:items-start md:gap-0">
          <span data-testid="card-price" className="text-[13px] font-bold text-ink md:text-sm">
            {price.now}
          </span>
          {price.was && (
            <s className="text-xs text-muted">
              <span className="sr-only">Original price </span>
              {price.was}
            </s>
          )}
        </p>
        {outOfStock ? (
          <span className="flex h-11 shrink-0 items-center justify-center rounded-lg bg-canvas px-2 text-xs font-semibold text-muted">
            Out of stock
          </span>
        ) : (
          <div className="flex flex-wrap max-md:[&>*]:w-full max-md:[&_[role=group]]:flex-1 md:contents">
            <SellGate productName={product.name}>
              <AddToCartButton product={cartItemOf(product)} />
            </SellGate>
          </div>
        )}
      </div>
    </article>
  );
}
