// The one place the shop draws a stored picture (catalogue cards, category and sub-category tiles, cart and order
// lines, uploads and their previews, avatars), and so the one place of the `next/image` or plain `<img>` decision:
// a plain <img>. Catalogue pictures are already pre-sized WebP files from /media (400 px product cards, 256 px
// tiles, a few kB each, rendered once by lib/media) and uploads are re-encoded on the way in, so Next's optimizer
// would only add a second request hop and a cache for files that are already small; <Image> would also bring its
// client component to the product card, which costs every catalogue page first-load JavaScript under a budget
// (scripts/js-budget.mjs). `size` still reserves the box, so nothing shifts while a picture loads.
// eslint.config.mjs turns @next/next/no-img-element off for this file only.

type Fit = "contain" | "cover";
const FIT: Record<Fit, string> = { contain: "object-contain", cover: "object-cover" };

export type CatalogImageProps = Omit<
  React.ImgHTMLAttributes<HTMLImageElement>,
  "src" | "alt" | "width" | "height" | "loading"
> & {
  src: string;
  /** "" (the default) for a picture beside its own name; the name where the picture stands alone */
  alt?: string;
  /** the square box in CSS pixels, for width and height (omit when CSS sizes it alone) */
  size?: number;
  /** lazy by default; eager above the fold; auto leaves it to the browser (pictures the shopper just opened) */
  loading?: "lazy" | "eager" | "auto";
  /** the page's largest picture: fetched before others */
  priority?: boolean;
  fit?: Fit;
};

export function CatalogImage({
  src,
  alt = "",
  size,
  loading = "lazy",
  priority = false,
  fit = "contain",
  className = "size-full",
  ...rest
}: CatalogImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={loading === "auto" ? undefined : loading}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`${FIT[fit]} ${className}`}
      {...rest}
    />
  );
}
