import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { assertStorableText } from "@/lib/http/json-guard";

/**
 * Validates input with a shared schema. The first issue's own message is the answer (the schemas' messages are
 * written to stand alone, e.g. "password and confirm password must be same"); all of them go to fieldErrors.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  assertStorableText(input); // server actions reach here without readBody's check
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = parsed.error.issues[0];
  const message =
    first?.path.length === 0 && first.code === "invalid_type"
      ? "Request body must be a JSON object"
      : first?.message;
  throw new AppError("VALIDATION", message ?? "Invalid input", { fieldErrors });
}
