"use client";

import { useEffect, useState } from "react";
import { PROMPT_PAUSE_MS, SEARCH_PROMPTS, TYPING_MS_PER_CHAR } from "./search-prompts";

/**
 * Types each prompt one character per 50 ms, holds the full prompt for 1000 ms, then starts the next
 * one from empty, cycling forever. When `enabled` is false the first prompt is shown whole.
 */
export function useTypingPrompt(enabled: boolean): string {
  const [state, setState] = useState({ index: 0, length: 0 });
  const prompt = SEARCH_PROMPTS[state.index % SEARCH_PROMPTS.length] ?? SEARCH_PROMPTS[0];

  useEffect(() => {
    if (!enabled) return;
    const done = state.length >= prompt.length;
    const timer = setTimeout(
      () =>
        setState((s) =>
          done ? { index: (s.index + 1) % SEARCH_PROMPTS.length, length: 0 } : { ...s, length: s.length + 1 },
        ),
      done ? PROMPT_PAUSE_MS : TYPING_MS_PER_CHAR,
    );
    return () => clearTimeout(timer);
  }, [enabled, state, prompt]);

  return enabled ? prompt.slice(0, state.length) : SEARCH_PROMPTS[0];
}
