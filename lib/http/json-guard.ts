// Checks on a JSON request body beyond what JSON.parse does, made once for every REST call so that no schema or
// domain function has to: nesting is bounded (deep bodies cost stack and time in every later step, and no call
// of the contract needs more than a few levels), and text is well-formed Unicode without NUL characters
// (PostgreSQL refuses NUL in text; a lone surrogate cannot be stored as UTF-8 without silently changing it).

import { AppError } from "@/lib/errors";

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays/objects in JSON text, counted without parsing (strings skipped). */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

// a NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = { path: string; message: string };

function problemIn(text: string): string | undefined {
  const found = BAD_TEXT.exec(text);
  if (!found) return undefined;
  return found[0] === "\u0000" ? "must not contain NUL characters" : "must be valid Unicode text";
}

/** The first string (value or key) of a parsed body that is not storable text, with where it is. */
export function findBadText(value: unknown): TextProblem | undefined {
  // iterative, so that even a body that slipped past the depth check cannot overflow the stack
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      const message = problemIn(v);
      if (message) return { path: path.join(".") || "body", message };
    } else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        const keyMessage = problemIn(key);
        if (keyMessage) return { path: [...path].join(".") || "body", message: `field names ${keyMessage}` };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * Throws a 400 AppError naming the field when any text in `value` holds a NUL or a lone surrogate. For every
 * parse of client input (REST bodies, server actions), so that such text is refused instead of failing in the
 * database.
 */
export function assertStorableText(value: unknown): void {
  const bad = findBadText(value);
  if (!bad) return;
  const where = bad.path === "body" ? "Text" : bad.path;
  throw new AppError("VALIDATION", `${where} ${bad.message}`, { fieldErrors: { [bad.path]: [bad.message] } });
}
