import { z } from "zod";
import { AppError } from "@/lib/errors";
import { assertStorableText } from "./json-guard";

// Parse once, at the edge: REST handlers (lib/http/respond.ts) and server actions (lib/actions) check client input
// with the same zod schema and the same messages. No `next/server` here, so the action layer can use it.

type Issue = { path: readonly PropertyKey[]; message: string };

/** Per-field messages from zod issues, keyed by the dotted path ("body" for the whole input). */
export function issuesToFieldErrors(issues: readonly Issue[], root = "body"): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : root;
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/**
 * How the first issue becomes the one message: `prefixed` names the field ("pincode: …", the catalogue, cart, address
 * and order calls); `standalone` is the issue's own text, for schemas whose messages are written to stand alone
 * (the account forms: "password and confirm password must be same").
 */
export type MessageStyle = "prefixed" | "standalone";

/** Turns zod issues into the contract's `fieldErrors` and one readable message. */
export function validationError(error: z.ZodError, style: MessageStyle = "prefixed"): AppError {
  const first = error.issues[0];
  let message = first?.message ?? "Invalid input";
  if (style === "prefixed" && first?.path.length) message = `${first.path.join(".")}: ${message}`;
  if (style === "standalone" && first?.path.length === 0 && first.code === "invalid_type") {
    message = "Request body must be a JSON object";
  }
  return new AppError("VALIDATION", message, { fieldErrors: issuesToFieldErrors(error.issues) });
}

export function validate<T extends z.ZodType>(schema: T, body: unknown, style?: MessageStyle): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, style);
  return parsed.data;
}

/** Client input (a REST body, a server action's argument) checked against `schema`, its text first; a 400 otherwise. */
export function parseWith<T extends z.ZodType>(schema: T, body: unknown, style?: MessageStyle): z.infer<T> {
  assertStorableText(body);
  return validate(schema, body, style);
}
