import { createHash } from "node:crypto";

// A cached page cannot carry a per-request nonce: its HTML is written once and served to everyone. Its policy lists
// the sha256 of each inline script of that HTML instead (CSP Level 2 hash sources), so the page's own bootstrap and
// flight-data scripts run and any other inline script (one injected into the page) does not. External scripts are
// allowed by 'self' (Next's chunks under /_next/static); see lib/http/csp.ts.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/** The distinct CSP hash sources ('sha256-…') of the inline scripts of `html`, in order of first appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes) || !body) continue;
    // the browser hashes the element's text as UTF-8, exactly as it stands between the tags
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
