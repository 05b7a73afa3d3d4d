import type { LiveState } from "./use-live-events";

/** A short line saying whether the screen is live (for a status role region). */
export function LiveBadge({ state }: { state: LiveState }) {
  const text = {
    connecting: "Connecting for live updates…",
    live: "Live",
    reconnecting: "Connection lost. Reconnecting…",
    stopped: "Live updates stopped. Reload the page to see the latest.",
  }[state];
  const tone = state === "live" ? "text-brand-700" : state === "stopped" ? "text-red-700" : "text-amber-800";
  return (
    <p
      role="status"
      className={`flex items-center gap-1.5 text-xs font-semibold ${tone}`}
      data-testid="live-state"
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${state === "live" ? "animate-pulse bg-brand-600" : state === "stopped" ? "bg-red-600" : "bg-amber-500"}`}
      />
      {text}
    </p>
  );
}
