"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { AccountIdentity } from "@/components/account/account-identity";
import { UserAvatar } from "@/components/account/user-avatar";
import { accountSections, isActiveLink } from "@/components/account/account-links";
import { LogoutButton } from "@/components/auth/logout-button";
import { Dropdown } from "@/components/ui/dropdown";
import { ChevronDownIcon } from "@/components/ui/icons";

export type MenuUser = { name: string; email: string; image?: string | null; isAdmin: boolean };

/**
 * The desktop "Account" dropdown (spec §2 Account menus): a button and a panel with the user's name, the (Admin)
 * tag and entries for admins, and Log Out. Escape, a click outside, choosing an entry or navigating closes it;
 * Escape gives focus back to the button.
 */
export function AccountMenu({ user }: { user: MenuUser }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);
  const sections = accountSections({ isAdmin: user.isAdmin });

  // Navigating elsewhere (back button, a link inside) closes the panel.
  if (open && pathname !== openedAt) setOpen(false);

  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => {
        setOpenedAt(pathname);
        setOpen(next);
      }}
      testId="account-menu"
      className="w-72 rounded-2xl border border-line bg-white p-2 shadow-xl shadow-black/10"
      trigger={
        <button
          type="button"
          className={`flex h-11 items-center gap-2 rounded-xl pr-2.5 pl-1.5 text-lg font-medium transition-colors ${
            open ? "bg-canvas text-brand-700" : "text-ink hover:bg-canvas hover:text-brand-700"
          }`}
        >
          <UserAvatar name={user.name} email={user.email} image={user.image} size="sm" />
          Account
          <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      }
    >
      <p className="px-3 pt-1.5 text-xs font-semibold tracking-wide text-muted uppercase">My Account</p>
      <AccountIdentity name={user.name} email={user.email} image={user.image} isAdmin={user.isAdmin} />
      <nav aria-label="Account menu" className="mt-1 border-t border-line pt-1.5">
        {sections.map((section, i) => (
          <ul
            key={section.title}
            aria-label={section.title}
            className={`flex flex-col gap-0.5 ${i > 0 ? "mt-1.5 border-t border-line pt-1.5" : ""}`}
          >
            {section.links.map((link) => {
              const active = isActiveLink(pathname, link.href);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? "page" : undefined}
                    onClick={() => setOpen(false)}
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
        ))}
      </nav>
      <div className="mt-1.5 border-t border-line pt-1.5">
        <LogoutButton onDone={() => setOpen(false)} />
      </div>
    </Dropdown>
  );
}
