import "server-only";

// Tools that only make sense on the operator's own laptop — the local test checkout that pays without money
// (security finding #1) and the mail outbox page that shows every code the shop sent (finding #13) — run only where
// nobody but the operator can shop: the embedded demo database that scripts/start.mjs started itself (it sets
// KWIKMART_EMBEDDED_DB=1 for the app) served at a loopback APP_URL, or where an operator asks for them by name with
// ALLOW_TEST_PAYMENTS=1 (a staging shop, the load benchmarks). Read at each call: tests switch the environment.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Whether this deployment is a demo on the operator's own machine (or says it may act like one). */
export function demoToolsAllowed(): boolean {
  if (process.env.ALLOW_TEST_PAYMENTS?.trim() === "1") return true;
  const appUrl = process.env.APP_URL?.trim() || "http://localhost:3000";
  return process.env.KWIKMART_EMBEDDED_DB?.trim() === "1" && isLoopbackUrl(appUrl);
}
