"use client";

import { preloadDialog, Sheet } from "@/components/ui/dialog";
import { CancellationPolicy } from "./cancellation-policy";
import { CartContents } from "./cart-contents";

export const preloadDrawer = preloadDialog;

/**
 * The cart drawer (spec §2): the kit's sheet sliding in from the right, with the cart's lines, bill and Proceed.
 * Escape, the close button and a click on the backdrop close it; a link or Proceed closes it as it leaves the page.
 * The parent mounts it to open it, and unmounts it and focuses its opener in `onClose`.
 */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  return (
    <Sheet title="My Cart" closeLabel="Close cart" testId="cart-drawer" onClose={onClose}>
      <CartContents variant="drawer" onNavigate={onClose} footnote={<CancellationPolicy />} />
    </Sheet>
  );
}
