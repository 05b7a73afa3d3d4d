import type { Metadata } from "next";
import Link from "next/link";
import { ShopShell } from "@/components/layout/shop-shell";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <ShopShell>
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center md:py-24">
        <p className="text-6xl font-extrabold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">This aisle is empty</h1>
        <p className="mt-2 text-muted">We could not find the page you were looking for.</p>
        <Link
          href="/"
          className="mt-8 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white transition-colors hover:bg-brand-700"
        >
          Go To Home
        </Link>
      </div>
    </ShopShell>
  );
}
