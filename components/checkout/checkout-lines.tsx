import { isShortLine, type ClientCartLine, type ClientCartStore } from "@/components/cart/cart-model";
import { lineNotice } from "@/components/cart/line-notice";
import Link from "next/link";
import { CatalogImage } from "@/components/ui/catalog-image";
import { discountedPricePaise, formatPaise } from "@/lib/money";

/**
 * The checkout's items: picture, name, unit, quantity × price and the line's amount; a line the store cannot supply
 * in full says so and what to do (issue 16), and is not in the total.
 */
export function CheckoutLines({
  lines,
  store = null,
}: {
  lines: ClientCartLine[];
  store?: ClientCartStore | null;
}) {
  return (
    <section
      aria-labelledby="checkout-items"
      className="rounded-2xl border border-line bg-white p-4 md:col-start-1 md:p-5"
    >
      <h2 id="checkout-items" className="text-lg font-bold text-ink">
        Items
      </h2>
      <ul className="mt-2 divide-y divide-line" data-testid="checkout-lines">
        {lines.map((line) => {
          const unitPaise = discountedPricePaise(line.product.pricePaise, line.product.discount);
          const notice = isShortLine(line) ? lineNotice(line, store) : null;
          return (
            <li
              key={line.productId}
              className="flex items-center gap-3 py-2.5 text-sm"
              data-short={notice ? true : undefined}
            >
              <span className="size-12 shrink-0 overflow-hidden rounded-lg border border-line bg-canvas">
                {line.product.image && <CatalogImage src={line.product.image} size={48} loading="eager" />}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="line-clamp-1 text-ink [overflow-wrap:anywhere]">{line.product.name}</span>
                <span className="text-xs text-muted">
                  {line.product.unit} · {line.quantity} × {formatPaise(unitPaise)}
                </span>
                {notice && (
                  <span className="text-xs font-semibold text-red-700" data-testid="checkout-line-notice">
                    {notice}.{" "}
                    <Link href="/cart" className="-my-3 inline-flex min-h-11 min-w-11 items-center underline">
                      Change it in your cart
                    </Link>
                  </span>
                )}
              </span>
              <span className="font-semibold text-ink">{formatPaise(unitPaise * line.quantity)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
