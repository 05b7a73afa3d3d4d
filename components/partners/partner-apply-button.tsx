"use client";

import { lazy, Suspense, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

// The dialog (and the phone rules it shares with the server) loads on first use, keeping it off the home page's
// initial JavaScript; hovering or focusing the button starts the download early.
const loadDialog = () => import("./partner-apply-dialog");
const warmDialog = () => void loadDialog().then((m) => m.preloadDialog());
const PartnerApplyDialog = lazy(() => loadDialog().then((m) => ({ default: m.PartnerApplyDialog })));

export function PartnerApplyButton({
  children,
  className,
}: {
  children: React.ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const ready = useHydrated();

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        data-ready={ready || undefined}
        onClick={() => setOpen(true)}
        onPointerEnter={warmDialog}
        onFocus={warmDialog}
        className={className}
      >
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PartnerApplyDialog
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
