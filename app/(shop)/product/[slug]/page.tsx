import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { absoluteUrl } from "@/components/catalog/site-url";
import { Breadcrumb } from "@/components/product/breadcrumb";
import { loadProduct, productCrumbs } from "@/components/product/product-data";
import { ProductGallery } from "@/components/product/product-gallery";
import { ProductBuyBar, ProductDetails, ProductInfo } from "@/components/product/product-info";
import { ProductJsonLd } from "@/components/product/product-json-ld";
import { priceView } from "@/components/product/price";
import { ValueBlurbs } from "@/components/product/value-blurbs";
import { idFromSlug, productPath } from "@/lib/slug";
import { shopperStore } from "@/lib/stores/current";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The product with the stock of the shopper's store (from the location cookie). */
async function productOf(slug: string) {
  const id = idFromSlug(slug);
  return id ? loadProduct(id, (await shopperStore()).storeId) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await productOf((await params).slug);
  if (!product) return { title: "Product not found", robots: { index: false } };

  const title = `${product.name} ${product.unit}`.trim();
  const price = priceView(product.pricePaise, product.discount);
  const offer = price.discount > 0 ? ` at ${price.now} (${price.discount}% off)` : ` at ${price.now}`;
  const description =
    `Buy ${title} online${offer}. ${product.description}`.slice(0, 300).trim() +
    " Delivered in 10 minutes by Kwikmart.";
  const url = absoluteUrl(productPath(product.name, product.id));
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      title,
      description,
      url,
      siteName: "Kwikmart",
      type: "website",
      images: product.images
        .slice(0, 1)
        .map((src) => ({ url: absoluteUrl(src), width: 400, height: 400, alt: product.name })),
    },
  };
}

/** Product detail: /product/{name-slug}-{productId}. */
export default async function ProductPage({ params }: Props) {
  const { slug } = await params;
  const product = await productOf(slug);
  if (!product) notFound();
  const path = productPath(product.name, product.id);
  if (decode(slug) !== path.slice("/product/".length)) permanentRedirect(path);

  const crumbs = await productCrumbs(product);

  // Below 768 px one column, in the order a shopper needs it (issue 21 item 3): the picture (at most 36% of the
  // screen), name, unit, price and ADD in the first screen; then the thumbnails, the blurbs, the details, and the
  // breadcrumb last. The wrappers in between are `display: contents` there so their parts take `order`s in it; from
  // 768 px the two-column grid.
  return (
    <div className="buy-scope mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-3 md:block md:py-6">
      <ProductJsonLd
        product={product}
        url={absoluteUrl(path)}
        images={product.images.map((src) => absoluteUrl(src))}
      />
      <div className="order-last md:order-none">
        <Breadcrumb items={crumbs} current={product.name} />
      </div>
      <div className="contents md:mt-6 md:grid md:grid-cols-2 md:grid-rows-[auto_1fr] md:gap-8 md:gap-x-10 lg:gap-x-16">
        <div className="contents md:col-start-1 md:row-start-1 md:block">
          <ProductGallery images={product.images} name={product.name} />
        </div>
        <div className="contents md:sticky md:top-28 md:col-start-2 md:row-span-2 md:row-start-1 md:flex md:flex-col md:gap-8 md:self-start">
          <div className="order-2 md:order-none">
            <ProductInfo product={product} />
          </div>
          <div className="order-4 md:order-none">
            <ValueBlurbs />
          </div>
        </div>
        <div className="order-5 border-t border-line pt-6 md:order-none md:col-start-1 md:row-start-2">
          <ProductDetails product={product} />
        </div>
      </div>
      <ProductBuyBar product={product} />
    </div>
  );
}
