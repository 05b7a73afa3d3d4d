"use client";

import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ImageIcon, SpinnerIcon, UploadIcon } from "@/components/ui/icons";
import { uploadImage } from "./admin-api";
import { UPLOAD_FAILED_TEXT } from "./texts";
import { CatalogImage } from "@/components/ui/catalog-image";

/**
 * The "Upload Image" control: a button-looking label over a file input that accepts images only. Each chosen file
 * goes to POST /api/file/upload; `onUploaded` gets the stored URL. Failures show the server's message as a toast.
 */
export function ImageUploadButton({
  disabled = false,
  multiple = false,
  onUploaded,
  label = "Upload Image",
}: {
  disabled?: boolean;
  multiple?: boolean;
  onUploaded: (url: string) => void;
  label?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    try {
      for (const file of Array.from(files)) {
        try {
          onUploaded(await uploadImage(file));
        } catch (error) {
          toast.error(error instanceof Error ? error.message : UPLOAD_FAILED_TEXT);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  const off = disabled || busy;
  return (
    <label
      htmlFor={id}
      aria-disabled={off || undefined}
      className={`inline-flex h-10 items-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors ${
        off
          ? "cursor-not-allowed border-line bg-canvas text-muted"
          : "cursor-pointer border-brand-600 text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600"
      }`}
    >
      {busy ? <SpinnerIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
      {busy ? "Uploading…" : label}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple={multiple}
        disabled={off}
        data-testid="image-input"
        className="sr-only"
        onChange={(e) => {
          const input = e.currentTarget;
          void upload(input.files).finally(() => {
            input.value = "";
          });
        }}
      />
    </label>
  );
}

/** One image with its preview; uploading replaces the current URL (spec §4). */
export function SingleImageField({
  value,
  onChange,
  disabled,
  alt,
}: {
  value: string;
  onChange: (url: string) => void;
  disabled: boolean;
  alt: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold">Image</span>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <div className="flex size-36 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-canvas">
          {value ? (
            <CatalogImage src={value} alt={alt} loading="eager" data-testid="image-preview" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-muted">
              <ImageIcon className="size-7" />
              No Image
            </span>
          )}
        </div>
        <ImageUploadButton disabled={disabled} onUploaded={onChange} />
      </div>
    </div>
  );
}
