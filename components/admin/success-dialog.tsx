"use client";

import { Dialog } from "@/components/ui/dialog";
import { CheckIcon } from "@/components/ui/icons";

/** spec §4: after a product is created, a success dialog with a green confirm button. */
export function SuccessDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Dialog title="Success" onClose={onClose} size="sm" testId="success-dialog">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-600">
          <CheckIcon className="size-9" />
        </span>
        <p className="mt-4 text-base font-semibold text-ink">{message}</p>
        <button
          type="button"
          autoFocus
          onClick={onClose}
          className="mt-6 inline-flex h-11 min-w-32 items-center justify-center rounded-xl bg-green-600 px-6 text-sm font-bold text-white hover:bg-green-700"
        >
          OK
        </button>
      </div>
    </Dialog>
  );
}
