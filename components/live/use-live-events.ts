"use client";

import { useEffect, useRef, useState } from "react";

/** Where a live stream stands, said on screen: no failure is silent. */
export type LiveState = "connecting" | "live" | "reconnecting" | "stopped";

/**
 * Follows a Server-Sent Events stream (GET /api/order/events…): `onEvent(kind, data)` for each event. The browser's
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed; a refusal (401/404, the session
 * ended) closes it for good, which is "stopped". `url` is read once: a re-render never reconnects.
 */
export function useLiveEvents(
  url: string | null,
  kinds: readonly string[],
  onEvent: (kind: string, data: unknown) => void,
): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const first = useRef(url);
  const kindList = kinds.join(",");

  useEffect(() => {
    const target = first.current;
    if (!target) return;
    const source = new EventSource(target);
    source.onopen = () => setState("live");
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? "stopped" : "reconnecting");
    const listeners = kindList.split(",").map((kind) => {
      const listener = (e: MessageEvent<string>) => {
        let data: unknown = null;
        try {
          data = JSON.parse(e.data);
        } catch {
          // a malformed frame is skipped; the next status event or a refresh shows the truth
        }
        handler.current(kind, data);
      };
      source.addEventListener(kind, listener);
      return [kind, listener] as const;
    });
    return () => {
      for (const [kind, listener] of listeners) source.removeEventListener(kind, listener);
      source.close();
    };
  }, [kindList]);

  return state;
}
