// The one place the shop draws a stored picture (catalogue cards, category and sub-category tiles, cart and order
// lines, uploads and their previews, avatars), and so the one place of the `next/image` or plain `<img>` decision:
// a plain <img>. Catalogue pictures are already pre-sized WebP files from /media (400 px product cards, 256 px
// tiles, a few kB each, rendered once by lib/media) and uploads are re-encoded on the way in, so Next's optimizer
// would only add a second request hop and a cache for files that are already small; <Image> would also bring its
// client component to the product card, which costs every catalogue page first-load JavaScript under a budget
// (scripts/js-budget.mjs). `size` still reserves the box, so nothing shifts while a picture loads.
// eslint.config.mjs turns @next/next/no-img-element off for this file only.

export type CatalogImageProps = Omit<
  React.ImgHTMLAttributes<HTMLImageElement>,
  "src" | "width" | "height"
> & {
  src: string;
  /** the square box in CSS pixels, for width and height (omit when CSS sizes it alone) */
  size?: number;
};

/**
 * A stored picture: decorative (alt "") unless given an alt, lazily loaded and decoded off the main thread unless
 * told otherwise (`loading="eager"` above the fold, `loading={undefined}` for one the shopper just opened), and
 * contained in its box (pass `object-cover` in className to fill it).
 */
export function CatalogImage({
  src,
  alt = "",
  size,
  className = "size-full object-contain",
  ...rest
}: CatalogImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      {...rest}
    />
  );
}
