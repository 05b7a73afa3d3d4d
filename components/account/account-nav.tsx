"use client";

import Link from "next/link";
import { useSession } from "@/components/auth/use-session";
import { usePathname } from "next/navigation";
import { lazy, Suspense } from "react";
import { LogoutButton } from "@/components/auth/logout-button";
import { ADMIN_TAG, isActiveLink, type NavSection } from "./account-links";

// The identity block (avatar, name, e-mail) comes with the signed-in parts of the header, on demand: the
// dashboard's frame then carries the same first-load code as every other page's.
const AccountIdentity = lazy(() =>
  import("./account-identity").then((m) => ({ default: m.AccountIdentity })),
);

type Identity = { name: string; email?: string | null; image?: string | null; isAdmin: boolean };

/**
 * Account menu rendered from sections (dashboard sidebar, the phone /user page): who is signed in with the
 * (Admin) tag, the entries, and Log Out — the same list as the header dropdown. `identity` comes from the server
 * when the page has it; otherwise the client session fills it in.
 */
export function AccountNav({
  sections,
  label = "Account",
  identity,
  showLogout = true,
  size = "sm",
}: {
  sections: NavSection[];
  label?: string;
  identity?: Identity;
  showLogout?: boolean;
  size?: "sm" | "lg";
}) {
  const pathname = usePathname();
  const { data } = useSession();
  const user = data?.user;
  const who: Identity | undefined =
    identity ??
    (user
      ? { name: user.name, email: user.email, image: user.image, isAdmin: user.role === "ADMIN" }
      : undefined);
  const item = size === "lg" ? "px-4 py-3 text-base" : "px-3 py-2 text-sm";

  return (
    <nav aria-label={label} className="flex flex-col gap-4">
      {who && (
        <div className="min-h-[4.25rem] border-b border-line pb-3">
          <Suspense fallback={null}>
            <AccountIdentity {...who} />
          </Suspense>
        </div>
      )}
      {sections.map((section) => (
        <div key={section.title}>
          <h2 className="flex items-center gap-1.5 px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {section.title}
            {section.title === "Admin" && !who && (
              <span className="tracking-normal text-red-600 normal-case">{ADMIN_TAG}</span>
            )}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {section.links.map((link) => {
              const active = isActiveLink(pathname, link.href);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-lg font-medium transition-colors ${item} ${
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
      {showLogout && (
        <div className="border-t border-line pt-3">
          <LogoutButton
            className={`flex w-full items-center gap-2.5 rounded-lg text-left font-medium text-red-600 transition-colors hover:bg-red-50 disabled:opacity-60 ${item}`}
          />
        </div>
      )}
    </nav>
  );
}
