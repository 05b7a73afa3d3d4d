"use client";

import { useEffect, useState } from "react";
import { useSession } from "@/components/auth/use-session";
import { callAction, failureText, type ServerAction } from "@/components/ui/use-action";
import { ROW_SECTION } from "./row-cards";

type LoadRow = ServerAction<Record<string, never>, React.ReactNode>;

/**
 * The home page's "Buy again" row, asked for by the browser once it knows a shopper is signed in: the page itself is
 * the same cached HTML for everyone (issue 19 item 1), so the one personal row is an island. Nothing for a guest.
 * It sits below the first rows and the banner, off a phone's and a desktop's first screen, so arriving late moves
 * nothing the shopper is looking at. A failed load says so and offers a retry.
 */
export function BuyAgainIsland({ load }: { load: LoadRow }) {
  const { data: session, status } = useSession();
  const userId = status === "authenticated" ? (session?.user.id ?? null) : null;
  const [row, setRow] = useState<{ for: string; node: React.ReactNode } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void callAction(load, {}).then((result) => {
      if (!live) return;
      if (result.ok) {
        setFailure(null);
        setRow({ for: userId, node: result.data });
      } else setFailure(failureText(result));
    });
    return () => {
      live = false;
    };
  }, [load, userId, attempt]);

  if (!userId) return null;
  if (failure)
    return (
      <section aria-labelledby="row-buy-again" className={ROW_SECTION}>
        <h2 id="row-buy-again" className="mb-2 text-lg font-bold tracking-tight text-ink md:text-2xl">
          Buy again
        </h2>
        <p role="status" className="text-sm text-muted">
          Your usual items could not be loaded. {failure}
        </p>
        <button
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
          className="mt-2 min-h-11 rounded-lg border border-line px-4 py-2 font-semibold text-ink hover:bg-white"
        >
          Try again
        </button>
      </section>
    );
  return row?.for === userId ? row.node : null;
}
