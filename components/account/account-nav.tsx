"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { NavSection } from "./account-links";

/** Account menu rendered from sections (dashboard sidebar and the phone /user page). */
export function AccountNav({ sections, label = "Account" }: { sections: NavSection[]; label?: string }) {
  const pathname = usePathname();

  return (
    <nav aria-label={label} className="flex flex-col gap-5">
      {sections.map((section) => (
        <div key={section.title}>
          <h2 className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {section.title}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {section.links.map((link) => {
              const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      active ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-canvas"
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
