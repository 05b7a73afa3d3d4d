import "server-only";
import { paymentSettings } from "./settings";

// The local test checkout marks a card order paid with one click and no money (security finding #1), so it runs
// only where nobody but the operator can shop: the embedded demo database that scripts/start.mjs started itself
// (it sets KWIKMART_EMBEDDED_DB=1 for the app) served at a loopback APP_URL — a laptop — or where an operator asks
// for it by name with ALLOW_TEST_PAYMENTS=1 (a staging shop, the load benchmarks). Read at each call, like the
// payment settings: tests switch the environment per case.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Whether the local test checkout may take card payments on this deployment. */
export function testPaymentsAllowed(): boolean {
  if (process.env.ALLOW_TEST_PAYMENTS?.trim() === "1") return true;
  return process.env.KWIKMART_EMBEDDED_DB?.trim() === "1" && isLoopbackUrl(paymentSettings().appUrl);
}
