"use client";

import { LogOutIcon } from "@/components/ui/icons";
import { useLogout } from "./use-logout";

/** The "Log Out" entry of every account menu (header dropdown, dashboard sidebar, /user). */
export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { logout, pending } = useLogout();

  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        await logout();
        onDone?.();
      }}
      className={
        className ??
        "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium text-red-600 transition-colors hover:bg-red-50 disabled:opacity-60"
      }
    >
      <LogOutIcon className="size-4" />
      {pending ? "Logging out…" : "Log Out"}
    </button>
  );
}
