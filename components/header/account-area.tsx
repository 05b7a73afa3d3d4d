"use client";

import Link from "next/link";
import { useSession } from "@/components/auth/use-session";
import { UserAvatar } from "@/components/account/user-avatar";
import { UserIcon } from "@/components/ui/icons";
import { lazy, Suspense } from "react";

// Only signed-in visitors see the dropdown: guests never download it.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

/**
 * The header's account corner (spec §2 Account menus): guests see Login; a signed-in user gets the Account
 * dropdown on screens from 768 px, and on phones a link to the /user account menu. The session comes from
 * next-auth's provider; while it loads, a placeholder keeps the header from jumping.
 */
export function AccountArea() {
  const { data, status } = useSession();

  if (status === "loading") {
    return (
      <span aria-hidden="true" className="h-10 w-16 shrink-0 animate-pulse rounded-lg bg-canvas md:w-28" />
    );
  }

  const user = data?.user;
  if (!user) {
    return (
      <Link
        href="/login"
        className="flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2 text-base font-medium text-ink hover:text-brand-700 md:px-3 md:text-lg"
      >
        <UserIcon className="size-5 md:hidden" />
        Login
      </Link>
    );
  }

  return (
    <>
      <Link
        href="/user"
        data-testid="account-link-mobile"
        className="flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-1 text-base font-medium text-ink hover:text-brand-700 md:hidden"
      >
        <UserAvatar name={user.name} email={user.email} image={user.image} size="sm" />
        Account
      </Link>
      <div className="hidden md:block">
        <Suspense
          fallback={
            <span aria-hidden="true" className="block h-10 w-28 animate-pulse rounded-lg bg-canvas" />
          }
        >
          <AccountMenu
            user={{ name: user.name, email: user.email, image: user.image, isAdmin: user.role === "ADMIN" }}
          />
        </Suspense>
      </div>
    </>
  );
}
