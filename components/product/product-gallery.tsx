"use client";

import { useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons-frame";
import { useHydrated } from "@/components/ui/use-hydrated";
import { CatalogImage } from "@/components/ui/catalog-image";

/** Spec §9: the thumbnail arrows scroll 100 px. */
export const THUMB_SCROLL_STEP = 100;

/**
 * Product pictures: the main image, a scrollable thumbnail row with arrows, and dots for the current image.
 * Every control is a button; on the main image the arrow keys step through the pictures.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<HTMLDivElement>(null);
  const count = images.length;
  const ready = useHydrated();
  const current = images[Math.min(index, count - 1)];

  const show = (i: number) => {
    if (count === 0) return;
    const next = (i + count) % count;
    setIndex(next);
    thumbs.current
      ?.querySelector<HTMLElement>(`[data-index="${next}"]`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
  };
  const scrollThumbs = (direction: -1 | 1) =>
    thumbs.current?.scrollBy({ left: direction * THUMB_SCROLL_STEP, behavior: "smooth" });

  return (
    // Below 768 px the gallery's parts join the product page's column (display: contents): the picture first, at most
    // 36% of the screen's height with the dots on it, so the name, price and ADD fit the first screen (issue 21 item
    // 3); the thumbnails come after the price.
    <div
      data-testid="product-gallery"
      data-ready={ready || undefined}
      className="flex flex-col gap-4 max-md:contents"
    >
      <div className="relative order-1 md:order-none">
        <div
          role="group"
          aria-roledescription="carousel"
          aria-label={`${name} pictures`}
          tabIndex={count > 1 ? 0 : undefined}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") show(index + 1);
            else if (e.key === "ArrowLeft") show(index - 1);
            else return;
            e.preventDefault();
          }}
          className="relative mx-auto aspect-square w-full max-w-[min(100%,36dvh)] overflow-hidden rounded-2xl bg-canvas md:max-w-[30rem]"
        >
          {current && (
            <CatalogImage
              key={current}
              src={current}
              alt={count > 1 ? `${name}, picture ${index + 1} of ${count}` : name}
              size={400}
              loading="eager"
              fetchPriority="high"
              decoding="auto"
            />
          )}
        </div>

        {count > 1 && (
          // each dot a 44×44 target around the drawn dot; on a phone they sit on the picture's lower edge
          <div
            className="flex justify-center max-md:absolute max-md:inset-x-0 max-md:bottom-0 md:mt-2"
            role="group"
            aria-label="Choose a picture"
          >
            {images.map((src, i) => (
              <button
                key={src}
                type="button"
                onClick={() => show(i)}
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                className="group/dot flex size-11 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-brand-600" : "w-2.5 bg-muted/30 group-hover/dot:bg-muted/50"}`}
                />
              </button>
            ))}
          </div>
        )}
      </div>

      {count > 1 && (
        <>
          <div className="relative order-3 mx-auto flex w-full max-w-[30rem] items-center gap-2 md:order-none">
            <button
              type="button"
              onClick={() => scrollThumbs(-1)}
              aria-label="Scroll thumbnails left"
              className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm hover:bg-canvas"
            >
              <ChevronLeftIcon className="size-4" />
            </button>
            <div
              ref={thumbs}
              data-testid="gallery-thumbnails"
              className="flex flex-1 gap-2.5 overflow-x-auto py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
            >
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  data-index={i}
                  onClick={() => show(i)}
                  aria-label={`Picture ${i + 1} of ${count}`}
                  aria-pressed={i === index}
                  className={`size-16 shrink-0 overflow-hidden rounded-xl border-2 bg-canvas transition-colors md:size-20 ${
                    i === index ? "border-brand-600" : "border-transparent hover:border-line"
                  }`}
                >
                  <CatalogImage src={src} size={80} />
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => scrollThumbs(1)}
              aria-label="Scroll thumbnails right"
              className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm hover:bg-canvas"
            >
              <ChevronRightIcon className="size-4" />
            </button>
          </div>
        </>
      )}
    </div>
  );
}
