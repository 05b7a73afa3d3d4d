"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { toasterRequested } from "./toast";

const AppToaster = lazy(() => import("./toaster"));

/** Mounts the toaster when the browser is first idle after hydration, or at once when a toast is asked for. */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    let live = true;
    const want = () => live && setWanted(true);
    void toasterRequested.then(want);
    const idle = window.requestIdleCallback?.(want, { timeout: 3_000 }) ?? window.setTimeout(want, 1_500);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
