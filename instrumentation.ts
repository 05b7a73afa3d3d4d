import type { Instrumentation } from "next";

// When the server starts: the job worker runs in the app process unless JOBS=off (lib/jobs/in-process.ts), and the
// instance listens for the other instances' cache invalidations (lib/cache-bus). Node only (never the edge runtime),
// and never during `next build` (Next does not call register() then).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobsWithTheApp } = await import("@/lib/jobs/in-process");
  startJobsWithTheApp();
  const [{ startCacheBus }, { applyCacheChange }] = await Promise.all([
    import("@/lib/cache-bus"),
    import("@/lib/catalog/cache"),
  ]);
  startCacheBus(applyCacheChange);
}

// Errors Next catches itself (a page or layout that throws while rendering, a server action or route handler that
// throws past our own wrappers) get one JSON log line with the request id and the digest the error page shows, so the
// "Reference" a shopper reads off that page leads to the log line.
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/log");
  const header = request.headers["x-request-id"];
  const digest =
    typeof error === "object" && error !== null && "digest" in error ? String(error.digest) : undefined;
  log.error(
    {
      err: error,
      reqId: Array.isArray(header) ? header[0] : header,
      digest,
      method: request.method,
      path: request.path,
      route: context.routePath,
      kind: context.routeType,
    },
    "request failed",
  );
};
