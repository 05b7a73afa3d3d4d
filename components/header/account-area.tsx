import Link from "next/link";
import { UserIcon } from "@/components/ui/icons";

/**
 * Seam for the accounts issue: guests see Login (spec §2 Account menus). Sessions are not built yet,
 * so everyone is a guest here; the accounts work replaces this with Login-or-Account-dropdown
 * (desktop) and a link to /user (phones).
 */
export function AccountArea() {
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
