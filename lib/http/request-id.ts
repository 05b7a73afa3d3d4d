// The id that ties together every log line of one request, and that the response carries back (X-Request-Id) so a
// shopper's "something went wrong" can be found in the logs. proxy.ts gives each request one; a front proxy or load
// balancer may bring its own, which is kept when it looks like an id.
// No `server-only` import: the proxy bundle loads this module too.

export const REQUEST_ID_HEADER = "x-request-id";

/** Letters, digits and `._:-`, 8 to 128 characters: enough for UUIDs and load-balancer trace ids, nothing that could
 * break a log line or a header. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the one it came with when well formed, otherwise a new random UUID. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given !== null && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}
