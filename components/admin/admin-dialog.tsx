"use client";

import { useId, useRef } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { XIcon } from "@/components/ui/icons";

/**
 * A native modal <dialog> for the admin forms: the page behind is inert, Escape and the close button close it, and
 * closing calls `onClose` (the parent unmounts it, which also resets the form inside).
 */
export function AdminDialog({
  title,
  onClose,
  children,
  size = "md",
  testId,
  closeLabel = "Close",
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  testId?: string;
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useModalDialog(ref);

  const width = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" }[size];

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]`}
    >
      <div className="relative p-5 md:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-bold tracking-tight">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label={closeLabel}
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink"
          >
            <XIcon className="size-5" />
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}

/** Closes the dialog that contains `element` (its onClose then runs). */
export function closeDialogOf(element: Element | null) {
  element?.closest("dialog")?.close();
}
