import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { isDatabaseUnavailable } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, GENERIC_FAILURE_MESSAGE, isAppError, UNAVAILABLE_MESSAGE } from "@/lib/errors";
import { inRequestContext, log } from "@/lib/log";
import { crossSiteRefusal, stampApiResponse } from "./api-edge";
import { isFromShopPage } from "./browser-source";
import { assertStorableText, jsonDepthOver, MAX_JSON_DEPTH } from "./json-guard";
import { absoluteMediaUrls, relativeMediaUrls } from "./media-urls";
import { parseWith, validate, validationError, type MessageStyle } from "./parse";
import { BodyTooLarge, declaredOver, readCapped } from "./read-capped";
import { requestIdOf } from "./request-id";
import { applyQueuedCookies, inRestContext, restMediaBase } from "./rest-context";
import { requestOrigins } from "./same-origin";

export { parseWith, validationError };

// The REST envelope (api-contract.md): { success, error, message, ...payload } with a real status.

/** A success envelope; inside a REST call for anyone but the shop's own pages, picture paths become absolute URLs. */
export function ok(message: string, payload: Record<string, unknown> = {}, status = 200) {
  const base = restMediaBase();
  const body = base ? absoluteMediaUrls(payload, base) : payload;
  return NextResponse.json({ success: true, error: false, message, ...body }, { status });
}

export function fail(status: number, message: string, extra: Record<string, unknown> = {}) {
  return NextResponse.json({ success: false, error: true, message, ...extra }, { status });
}

/** The largest JSON body any call accepts (the biggest real one, a product with 10 images and 20 details, is ~20 KB). */
export const MAX_JSON_BYTES = 1_000_000;

const tooLarge = () => new AppError("TOO_LARGE", "Request body is too large (at most 1 MB)");
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as UTF-8 text, at most 1 MB (413), read with the cap: for raw bodies such as a signed webhook's. */
export async function readRawText(request: Request): Promise<string> {
  if (declaredOver(request.headers, MAX_JSON_BYTES)) throw tooLarge();
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(request.body, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw tooLarge();
    throw new AppError("VALIDATION", "The request body could not be read");
  }
  try {
    return utf8.decode(bytes); // also drops a leading byte-order mark
  } catch {
    throw new AppError("VALIDATION", "Request body must be UTF-8 text");
  }
}

/**
 * The request's JSON body, unvalidated (empty means {}); for callers that merge before validating. At most 1 MB:
 * refused from Content-Length before reading, and while reading when there is none (413). Bad JSON, bodies nested
 * deeper than 32 levels, invalid UTF-8, NUL characters and lone surrogates in any text are refused with a 400.
 */
export async function readBody(request: Request): Promise<unknown> {
  const text = await readRawText(request);
  if (!text.trim()) return {};
  if (jsonDepthOver(text, MAX_JSON_DEPTH)) {
    throw new AppError("VALIDATION", `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "Request body must be valid JSON");
  }
  assertStorableText(body);
  // a client on another origin sends back the absolute picture URLs it was given: store the shop's own as paths
  const own = [new URL(env().APP_URL).origin, ...requestOrigins(request)];
  return relativeMediaUrls(body, own);
}

export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  style?: MessageStyle,
): Promise<z.infer<T>> {
  return validate(schema, await readBody(request), style); // readBody has checked the text already
}

/** Maps any thrown value to an envelope; never leaks a stack trace. */
export function errorResponse(error: unknown) {
  if (isAppError(error)) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
    const res = fail(
      error.status,
      error.message,
      error.fieldErrors ? { fieldErrors: error.fieldErrors } : {},
    );
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  }
  if (error instanceof z.ZodError) return errorResponse(validationError(error));
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, "database unavailable");
    return fail(503, UNAVAILABLE_MESSAGE);
  }
  log.error({ err: error }, "unhandled error in route handler");
  return fail(500, GENERIC_FAILURE_MESSAGE);
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler: every failure becomes an envelope with the right status, the handler runs in its request's
 * log context and REST context (lib/http/rest-context.ts: cookies queued while it ran go on the answer, failures
 * included; picture URLs absolute unless the shop's own pages called), and one line per call records method, path,
 * status and time taken.
 */
export function handle<C>(fn: Handler<C>): Handler<C> {
  return withApiEdge((request: Request, context: C) =>
    inRestContext(isFromShopPage(request) ? null : env().APP_URL, () => run(fn, request, context)),
  );
}

/**
 * The API edge (./api-edge.ts) around a route handler, for the few that answer without the envelope (redirects,
 * liveness): the request's id in its log lines and on its answer, the fixed policy, CORS, the cross-site refusal.
 */
export function withApiEdge<A extends unknown[]>(
  fn: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return (request, ...rest) => {
    const requestId = requestIdOf(request.headers);
    return inRequestContext(requestId, async () =>
      stampApiResponse(crossSiteRefusal(request) ?? (await fn(request, ...rest)), request, requestId),
    );
  };
}

async function run<C>(fn: Handler<C>, request: Request, context: C): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fn(request, context);
  } catch (error) {
    response = errorResponse(error);
  }
  response = applyQueuedCookies(response);
  log.info(
    {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    "request",
  );
  return response;
}
