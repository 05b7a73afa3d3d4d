"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { toast } from "@/components/ui/toast";
import { signOutSession } from "./auth-client";
import { resetUserQueries } from "./session-sync";

export const LOGGED_OUT_MESSAGE = "Logged out successfully";

/**
 * Ends the session on this device (next-auth clears its httpOnly cookie), drops the per-user caches, and goes
 * home. `message` overrides the toast (e.g. after logout-everywhere or account deletion).
 */
export function useLogout() {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  const logout = useCallback(
    async (message: string = LOGGED_OUT_MESSAGE) => {
      setPending(true);
      try {
        await signOutSession();
        // Not awaited: the refetch (as a guest) runs in the background while we go home.
        void resetUserQueries();
        toast.success(message);
        // refresh() also empties the router cache, so Back cannot show a page rendered for the signed-in user.
        if (window.location.pathname !== "/") router.push("/");
        router.refresh();
      } catch {
        toast.error("Could not log out. Check your connection and try again.");
      } finally {
        setPending(false);
      }
    },
    [router],
  );

  return { logout, pending };
}
