import Link from "next/link";

const LINKS = [
  { href: "/about", label: "About" },
  { href: "/privacy", label: "Privacy" },
  { href: "/terms", label: "Terms" },
] as const;

const PROMISES = ["Superfast delivery", "Best prices & offers", "Wide assortment of 5000+ products"] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="mt-auto border-t border-line bg-canvas">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:py-10">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-brand-800">
          {PROMISES.map((p) => (
            <li key={p} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-accent-400" />
              {p}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 text-sm text-muted md:flex-row md:items-center md:justify-between">
          <p>© {year} Kwikmart. Open-source groceries, delivered in 10 minutes.</p>
          <nav aria-label="Footer">
            {/* 44×44 targets (issue 21 item 5); the padding lines the text up with the copyright */}
            <ul className="-mx-2 flex gap-1">
              {LINKS.map((l) => (
                <li key={l.href}>
                  <Link
                    href={l.href}
                    className="inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-2 hover:text-brand-700"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="text-xs text-muted">Product images: Fluent Emoji 3D © Microsoft (MIT)</p>
      </div>
    </footer>
  );
}
