"use client";

import { useEffect } from "react";
import { LogoMark } from "@/components/header/logo-mark";

// Root error boundary: a friendly message only; details stay in the server log (matched by digest). It is part of
// every page's first load, so it stays small: a plain link home (a full reload is the right recovery here).
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error ? String(error.digest) : undefined;

  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <LogoMark className="size-14" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-muted">
        Sorry, this page could not be loaded. Please try again in a moment.
      </p>
      {digest && <p className="mt-2 font-mono text-xs text-muted">Reference: {digest}</p>}
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          onClick={retry}
          className="inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white hover:bg-brand-700"
        >
          Try again
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload clears the failed state */}
        <a
          href="/"
          className="inline-flex h-11 items-center rounded-xl border border-line px-6 text-sm font-bold text-ink hover:bg-canvas"
        >
          Go To Home
        </a>
      </div>
    </main>
  );
}
