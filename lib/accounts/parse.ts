import "server-only";
import type { z } from "zod";
import { parseWith } from "@/lib/http/parse";

/**
 * Validates input with a shared account schema. The first issue's own message is the answer (the schemas' messages
 * are written to stand alone, e.g. "password and confirm password must be same"); all of them go to fieldErrors.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  return parseWith(schema, input ?? {}, "standalone");
}
