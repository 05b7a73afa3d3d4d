"use client";

import { useRef } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { XIcon } from "@/components/ui/icons";
import { CatalogImage } from "@/components/ui/catalog-image";

/** A full-screen look at one image (sub-category thumbnails, product image previews). */
export function ImageViewer({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
      aria-label={`Image: ${alt}`}
      data-testid="image-viewer"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/85 p-0 backdrop:bg-black/60"
    >
      <div className="flex size-full items-center justify-center p-6" onClick={() => ref.current?.close()}>
        <CatalogImage
          src={url}
          alt={alt}
          loading="auto"
          onClick={(e) => e.stopPropagation()}
          className="max-h-full max-w-full rounded-xl bg-white shadow-2xl"
        />
      </div>
      <button
        type="button"
        onClick={() => ref.current?.close()}
        aria-label="Close image"
        className="absolute top-4 right-4 flex size-11 items-center justify-center rounded-full bg-white/90 text-ink hover:bg-white"
      >
        <XIcon className="size-6" />
      </button>
    </dialog>
  );
}
