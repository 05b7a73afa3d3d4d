import "server-only";

// Is this error "the database cannot be reached right now" (down, restarting, connection cut, pool exhausted)?
// Such failures are answered 503 "briefly unavailable" rather than 500: nothing the caller sent was wrong and a retry
// will work. Prisma reports them in several shapes depending on the call: a P1xxx code on model queries, P2010 with
// the driver adapter's message on raw queries, the driver adapter's own error (with a `kind`), or pg's raw Error.

/** Driver adapter error kinds (@prisma/adapter-pg) that mean the server or the connection is gone. */
const DOWN_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** Prisma P1001/P1002/P1008/P1017; PostgreSQL 57P01–57P03 (shutdown, crash, starting), class 08 (connection), 53300. */
const DOWN_CODES = /^(P1001|P1002|P1008|P1017|57P0[123]|08[0-9A-Z]{3}|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/;

const DOWN_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Can't reach database server|Server has closed the connection|Connection terminated|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|timeout exceeded when trying to connect|Unable to start a transaction in the given time|Operation has timed out|Too many database connections/i;

type Shape = {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 8) {
    const e = queue.shift() as Shape | null | undefined;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (typeof e.kind === "string" && DOWN_KINDS.has(e.kind)) return true;
    for (const code of [e.code, e.originalCode]) if (typeof code === "string" && DOWN_CODES.test(code)) return true;
    if (typeof e.message === "string" && DOWN_TEXT.test(e.message)) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}
