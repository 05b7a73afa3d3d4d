import type { Product } from "@/lib/catalog/types";
import { priceView } from "./price";

/** schema.org Product for search engines; `<` is escaped so no product text can close the script element. */
export function ProductJsonLd({ product, url, images }: { product: Product; url: string; images: string[] }) {
  const price = priceView(product.pricePaise, product.discount);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: images,
    description: product.description,
    sku: product.id,
    url,
    offers: {
      "@type": "Offer",
      url,
      price: (price.discountedPaise / 100).toFixed(2),
      priceCurrency: "INR",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
