import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { headers } from "next/headers";
import pino from "pino";
import { requestIdOf } from "@/lib/http/request-id";

// The shop's one logger: pino, one JSON object per line on standard output, ready for any log collector.
// Every line written while a request is being served carries that request's id (`reqId`), the same id the response
// sends back in X-Request-Id. The context is entered where requests come in: `handle()` for the REST calls and the
// action runners for server actions; lines outside a request (start-up, sweepers) have none.

type RequestContext = { reqId: string };

const context = new AsyncLocalStorage<RequestContext>();

export const log = pino(
  {
    level: process.env.LOG_LEVEL || "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"error" reads better than "level":50 in a collector's search box
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const store = context.getStore();
      return store ? { reqId: store.reqId } : {};
    },
  },
  // process.stdout rather than pino's own file descriptor writer: ordered with Next's output, and visible to tests
  process.stdout,
);

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/** Runs `work` as part of the request with these headers: log lines written inside it carry its id. */
export function inRequestContext<T>(request: Headers | string, work: () => T): T {
  return context.run({ reqId: typeof request === "string" ? request : requestIdOf(request) }, work);
}

/** The same for a server action, whose request headers come from Next; outside a request a new id is made. */
export async function inActionContext<T>(work: () => Promise<T>): Promise<T> {
  let requestHeaders: Headers;
  try {
    requestHeaders = new Headers(await headers());
  } catch {
    requestHeaders = new Headers(); // called outside a request (tests, scripts)
  }
  return inRequestContext(requestHeaders, work);
}
