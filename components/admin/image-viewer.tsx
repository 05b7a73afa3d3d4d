"use client";

import { CatalogImage } from "@/components/ui/catalog-image";
import { Dialog } from "@/components/ui/dialog";

/** A full-screen look at one image (sub-category thumbnails, product image previews); a click beside it closes. */
export function ImageViewer({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  return (
    <Dialog
      layout="viewer"
      title={`Image: ${alt}`}
      closeLabel="Close image"
      testId="image-viewer"
      onClose={onClose}
    >
      <div className="flex size-full items-center justify-center p-6" onClick={onClose}>
        <CatalogImage
          src={url}
          alt={alt}
          loading="eager"
          onClick={(e) => e.stopPropagation()}
          className="max-h-full max-w-full rounded-xl bg-white object-contain shadow-2xl"
        />
      </div>
    </Dialog>
  );
}
