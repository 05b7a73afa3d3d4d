"use client";

import Link from "next/link";
import { UserAvatar } from "@/components/account/user-avatar";
import { AccountMenu } from "./account-menu";

type User = { name: string; email: string; image?: string | null; role?: string };

/**
 * The header's account corner for a signed-in user (spec §2 Account menus): the Account dropdown on screens from
 * 768 px, and on phones a link to the /user account menu. Loaded only once someone is signed in.
 */
export function SignedInAccount({ user }: { user: User }) {
  return (
    <>
      <Link
        href="/user"
        data-testid="account-link-mobile"
        aria-label="Account"
        className="flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-1 text-base font-medium text-ink hover:text-brand-700 md:hidden"
      >
        <UserAvatar name={user.name} email={user.email} image={user.image} size="sm" />
        {/* the avatar alone below 400 px: the delivery line needs the row */}
        <span className="hidden min-[400px]:inline">Account</span>
      </Link>
      <div className="hidden md:block">
        <AccountMenu
          user={{ name: user.name, email: user.email, image: user.image, isAdmin: user.role === "ADMIN" }}
        />
      </div>
    </>
  );
}
