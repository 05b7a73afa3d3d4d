import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError, isAppError } from "@/lib/errors";

// The REST envelope (api-contract.md): { success, error, message, ...payload } with a real status.

export function ok(message: string, payload: Record<string, unknown> = {}, status = 200) {
  return NextResponse.json({ success: true, error: false, message, ...payload }, { status });
}

export function fail(status: number, message: string, extra: Record<string, unknown> = {}) {
  return NextResponse.json({ success: false, error: true, message, ...extra }, { status });
}

/** Turns zod issues into the contract's `fieldErrors` and one readable message. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return new AppError("VALIDATION", `${where}${first?.message ?? "Invalid input"}`, { fieldErrors });
}

const MAX_JSON_BYTES = 1_000_000;

/** Reads a JSON body (at most 1 MB) and validates it; bad JSON or bad fields throw a 400 AppError. */
/** The request's JSON body, unvalidated (size-limited; empty means {}): for callers that merge before validating. */
export async function readBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("TOO_LARGE", "Request body is too large");
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError("TOO_LARGE", "Request body is too large");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "Request body must be valid JSON");
  }
}

export function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readBody(request));
}

/** Maps any thrown value to an envelope; never leaks a stack trace. */
export function errorResponse(error: unknown) {
  if (isAppError(error)) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
    const res = fail(error.status, error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  }
  if (error instanceof z.ZodError) return errorResponse(validationError(error));
  if (isDatabaseDown(error)) {
    return fail(503, "The shop is briefly unavailable; please try again in a moment.");
  }
  console.error("unhandled error in route handler", error);
  return fail(500, "Something went wrong on our side; please try again.");
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route handler so every failure becomes an envelope with the right status. */
export function handle<C>(fn: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await fn(request, context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

function isDatabaseDown(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /ECONNREFUSED|ECONNRESET|57P01|57P03|08006|08001|Connection terminated|connect ETIMEDOUT|P1001|P1017|timeout exceeded when trying to connect/.test(
    text,
  );
}
