"use client";

import { lazy, Suspense, useLayoutEffect, useRef, type RefObject } from "react";

// The shop's modal dialogs and the cart's sheet. A dialog is open while it is mounted: the parent renders it to
// open it and unmounts it in `onClose`, which runs however it closes (its × or your own button calling onClose,
// Escape, a click on the backdrop). The frame is Radix Dialog (components/ui/dialog-frame.tsx): focus moves in
// and is trapped there, the page behind is hidden from assistive technology and does not scroll, and focus goes
// back to whatever opened it. Radix loads on demand, the first time any dialog opens, so no page pays for it in
// its first-load JavaScript; an opener can call `preloadDialog()` on hover or focus to fetch it earlier.

export type DialogLayout = "panel" | "sheet" | "viewer" | "form";

export type DialogProps = {
  /** the visible heading and the dialog's accessible name (the viewer shows it to screen readers only) */
  title: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
  testId?: string;
  /**
   * panel: a centred card (the default); sheet: a full-height drawer from the right; viewer: a full-screen picture;
   * form: a bottom sheet on a phone and a centred card from 640 px, whose body scrolls between the title and a pinned
   * `footer` (the submit button, always in reach above the keyboard and the phone's home bar)
   */
  layout?: DialogLayout;
  /** with layout "form": pinned under the scrolling body (a submit button outside the <form> names it with `form`) */
  footer?: React.ReactNode;
  /** the panel's width */
  size?: "sm" | "md" | "lg" | "xl";
  /** drawn above the title */
  icon?: React.ReactNode;
  /** a line under the title, announced with it */
  description?: React.ReactNode;
  /** centre the icon, title and description (a confirmation) */
  centered?: boolean;
  /** the × button's accessible name; null for no × (the dialog has its own Close button) */
  closeLabel?: string | null;
  /** a click on the backdrop leaves it open (while an upload is under way); Escape and the buttons still close it */
  keepOpenOnOutsideClick?: boolean;
};

export type DialogFrameProps = DialogProps & { opener: RefObject<HTMLElement | null> };

const loadFrame = () => import("./dialog-frame");
const DialogFrame = lazy(loadFrame);

/** Starts fetching the dialog code (an opener's onPointerEnter / onFocus), so the first opening is instant. */
export const preloadDialog = () => void loadFrame();

export function Dialog(props: DialogProps) {
  // Whatever had focus when the dialog was asked for gets it back when the dialog goes.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, []);
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} opener={opener} />
    </Suspense>
  );
}

/** A dialog that slides in from the right edge and fills the height (the cart drawer). */
export function Sheet(props: Omit<DialogProps, "layout" | "size" | "centered">) {
  return <Dialog {...props} layout="sheet" />;
}
