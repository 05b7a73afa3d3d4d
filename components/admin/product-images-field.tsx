"use client";

import { useState } from "react";
import { CatalogImage } from "@/components/ui/catalog-image";
import { FieldError } from "@/components/ui/form-field";
import { ImageIcon, XIcon } from "@/components/ui/icons";
import { MAX_PRODUCT_IMAGES } from "@/lib/catalog/admin/schemas";
import { ImageUploadButton } from "./image-upload";
import { ImageViewer } from "./image-viewer";

/** The product's pictures: each previewable and removable, and Upload Image adding more (several allowed). */
export function ProductImagesField({
  images,
  error,
  onAdd,
  onChange,
}: {
  images: string[];
  error?: string;
  onAdd: (url: string) => void;
  onChange: (images: string[]) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold">Image</span>
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-line bg-canvas/60 p-3">
        {images.length === 0 && (
          <span className="flex items-center gap-2 text-sm text-muted">
            <ImageIcon className="size-5" />
            No images yet
          </span>
        )}
        {images.map((url, i) => (
          <div
            key={url}
            data-testid="product-image"
            className="relative size-20 rounded-lg border border-line bg-white"
          >
            <button
              type="button"
              onClick={() => setPreview(url)}
              aria-label={`Preview image ${i + 1}`}
              className="block size-full overflow-hidden rounded-lg"
            >
              <CatalogImage src={url} loading="eager" />
            </button>
            <button
              type="button"
              onClick={() => onChange(images.filter((u) => u !== url))}
              aria-label={`Remove image ${i + 1}`}
              className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-red-600 text-white shadow hover:bg-red-700"
            >
              <XIcon className="size-3.5" />
            </button>
          </div>
        ))}
        <ImageUploadButton multiple disabled={images.length >= MAX_PRODUCT_IMAGES} onUploaded={onAdd} />
      </div>
      {error && <FieldError>{error}</FieldError>}
      {preview && <ImageViewer url={preview} alt="Product image" onClose={() => setPreview(null)} />}
    </div>
  );
}
