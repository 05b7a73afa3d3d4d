"use client";

import { useEffect, useId, useRef } from "react";
import { XIcon } from "@/components/ui/icons";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { CartContents } from "./cart-contents";

/**
 * The cart drawer (spec §2): a native modal <dialog> sliding in from the right. The page behind is inert (focus
 * stays inside), Escape, the close button and a click on the backdrop close it, and the opener gets focus back.
 * The parent mounts it to open it, and unmounts it and focuses its opener in `onClose`.
 */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useModalDialog(ref);

  useEffect(() => {
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  const close = () => ref.current?.close();

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && close()}
      aria-labelledby={`${id}-title`}
      data-testid="cart-drawer"
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-canvas p-0 text-ink shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px] sm:w-[26rem]"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-line bg-white px-4 py-3">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            My Cart
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close cart"
            className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink"
          >
            <XIcon className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto">
          <CartContents variant="drawer" onNavigate={close} />
        </div>
      </div>
    </dialog>
  );
}
