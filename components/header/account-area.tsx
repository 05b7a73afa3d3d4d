"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";
import { useSession } from "@/components/auth/use-session";
import { UserIcon } from "@/components/ui/icons-frame";

// Only signed-in visitors get the avatar, the dropdown and its links: guests never download them.
const SignedInAccount = lazy(() =>
  import("./signed-in-account").then((m) => ({ default: m.SignedInAccount })),
);

const placeholder = (
  <span aria-hidden="true" className="h-11 w-16 shrink-0 animate-pulse rounded-lg bg-canvas md:w-28" />
);

/**
 * The header's account corner (spec §2 Account menus): guests see Login; a signed-in user gets the Account
 * dropdown on screens from 768 px, and on phones a link to the /user account menu. The session comes from
 * next-auth's provider; while it (or the signed-in part) loads, a placeholder keeps the header from jumping.
 */
export function AccountArea() {
  const { data, status } = useSession();

  if (status === "loading") return placeholder;

  const user = data?.user;
  if (!user) {
    return (
      <Link
        href="/login"
        className="flex h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-base font-medium text-ink hover:text-brand-700 md:px-3 md:text-lg"
      >
        <UserIcon className="size-5 md:hidden" />
        Login
      </Link>
    );
  }

  return (
    <Suspense fallback={placeholder}>
      <SignedInAccount user={user} />
    </Suspense>
  );
}
