"use client";

import { useRef } from "react";
import { CheckIcon } from "@/components/ui/icons";
import { AdminDialog, closeDialogOf } from "./admin-dialog";

/** spec §4: after a product is created, a success dialog with a green confirm button. */
export function SuccessDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <AdminDialog title="Success" onClose={onClose} size="sm" testId="success-dialog">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-600">
          <CheckIcon className="size-9" />
        </span>
        <p className="mt-4 text-base font-semibold text-ink">{message}</p>
        <button
          ref={ok}
          type="button"
          autoFocus
          onClick={() => closeDialogOf(ok.current)}
          className="mt-6 inline-flex h-11 min-w-32 items-center justify-center rounded-xl bg-green-600 px-6 text-sm font-bold text-white hover:bg-green-700"
        >
          OK
        </button>
      </div>
    </AdminDialog>
  );
}
