import Link from "next/link";
import { BoltIcon } from "@/components/ui/icons";

/** Home banner, after the first product rows: the 10-minute promise drawn in CSS and SVG, so it needs no image download. */
export function HeroBanner() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-600 to-brand-800 px-6 py-8 text-white md:px-12 md:py-11"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-10 size-64 rounded-full bg-accent-400/25 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-brand-400/30 blur-3xl"
      />

      <div className="relative flex items-center gap-6">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-brand-900 md:text-sm">
            <BoltIcon className="size-3.5 fill-current md:size-4" />
            10 min delivery
          </p>
          <h2
            id="hero-title"
            className="mt-4 text-2xl leading-tight font-extrabold tracking-tight text-balance md:text-4xl lg:text-5xl"
          >
            Groceries delivered in 10 minutes
          </h2>
          <p className="mt-3 text-sm text-white/85 md:text-lg">
            Superfast delivery, the best prices and offers, and a wide assortment of 5000+ products.
          </p>
          <Link
            href="/search"
            className="mt-6 inline-flex h-11 items-center rounded-xl bg-white px-5 text-sm font-bold text-brand-700 shadow-sm transition-colors hover:bg-accent-100 md:text-base"
          >
            Shop now
          </Link>
        </div>
        <BasketArt />
      </div>
    </section>
  );
}

function BasketArt() {
  return (
    <svg viewBox="0 0 240 200" aria-hidden="true" className="ml-auto hidden w-64 shrink-0 md:block lg:w-72">
      <circle cx="120" cy="104" r="92" fill="#ffffff" opacity="0.12" />
      {/* produce peeking out of the basket */}
      <ellipse cx="86" cy="78" rx="22" ry="26" fill="#ff7a59" />
      <path d="M86 52c2-8 8-12 14-12" stroke="#0b6b1c" strokeWidth="4" strokeLinecap="round" fill="none" />
      <rect x="104" y="38" width="30" height="58" rx="8" fill="#ffffff" />
      <rect x="104" y="52" width="30" height="16" fill="#46bf6a" />
      <ellipse cx="154" cy="80" rx="24" ry="22" fill="#f8cb46" />
      <path d="M140 70c10-6 20-6 28 2" stroke="#d48c06" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="64" cy="96" r="14" fill="#7fd896" />
      {/* basket */}
      <path d="M40 96h160l-14 70a12 12 0 0 1-11.8 9.6H65.8A12 12 0 0 1 54 166z" fill="#f8cb46" />
      <path d="M40 96h160" stroke="#d48c06" strokeWidth="6" strokeLinecap="round" />
      <path d="M80 116v44M120 116v44M160 116v44" stroke="#d48c06" strokeWidth="5" strokeLinecap="round" />
      {/* lightning */}
      <path d="M206 20 184 58h16l-8 32 26-42h-16z" fill="#ffe785" />
    </svg>
  );
}
