"use client";

import { lazy, memo, Suspense, type ComponentType } from "react";

/**
 * A part of a page whose code loads after the page (out of its first-load JavaScript) but which the server renders:
 * lazy, in its own Suspense boundary, and memoized. The memo is the point: a server-rendered boundary that receives
 * new props before its code has arrived is dropped for its (empty) fallback and drawn again, and the page's own
 * first re-render after hydration (the cart, the session) did exactly that, moving what is under it (CLS 0.15 on /cart
 * at 412 px from the coupon panel; 0.11 on checkout from the substitution default). Give it props that stay equal
 * across those re-renders (state setters, primitives).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return memo(function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}
