/** Auth screens a callback must never point back to (it would loop). */
const AUTH_PATHS = ["/login", "/register", "/forgot-password", "/verification-otp", "/reset-password"];

const DEFAULT_PATH = "/";

/** `//host` and `/\host`: a browser reads both as another host (protocol-relative). */
const PROTOCOL_RELATIVE = /^[/\\][/\\]/;

/**
 * True when a pathname would leave the shop if a browser (or Next's router) followed it. Checked on the pathname as
 * it will be sent and on every percent-decoded form of it, because some routers and proxies decode once more before
 * they resolve (`/%2F/evil.example`).
 */
function escapesOrigin(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < 4; round++) {
    if (PROTOCOL_RELATIVE.test(current)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true; // malformed escapes: not a path the shop ever writes
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true; // encoded four times over: nobody types that
}

/**
 * The path to go to after login: `callbackUrl` when it is a same-origin path (or an absolute URL of this
 * origin), else "/". The answer is the *normalised* path (dot segments resolved, `\` turned into `/`), so the check
 * runs on that answer, not only on the raw value: `/.//evil.example` normalises to `//evil.example`, which a browser
 * reads as another host. Used by the login and register forms and by their pages' redirect of a signed-in visitor.
 */
export function safeCallbackPath(raw: string | null | undefined, origin = "http://kwikmart.invalid"): string {
  if (!raw || typeof raw !== "string" || raw.length > 2000) return DEFAULT_PATH;
  const value = raw.trim();
  const isPath = value.startsWith("/") && !PROTOCOL_RELATIVE.test(value);
  const isOwnAbsolute = !isPath && value.startsWith(`${origin}/`);
  if (!isPath && !isOwnAbsolute) return DEFAULT_PATH;
  let url: URL;
  let own: string;
  try {
    own = new URL(origin).origin;
    url = new URL(value, origin);
  } catch {
    return DEFAULT_PATH;
  }
  if (url.origin !== own) return DEFAULT_PATH;
  if (AUTH_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return DEFAULT_PATH;
  if (escapesOrigin(url.pathname)) return DEFAULT_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // belt and braces: what we hand back must resolve to this origin again
  try {
    if (new URL(path, origin).origin !== own) return DEFAULT_PATH;
  } catch {
    return DEFAULT_PATH;
  }
  return path;
}

/** The partner app's home (issue 17): where a delivery partner lands after signing in. */
export const PARTNER_HOME = "/partner";

/** The store's screen (issue 16): where store staff land after signing in (admins may open it too). */
export const STORE_HOME = "/store";

const under = (pathname: string, home: string) => pathname === home || pathname.startsWith(`${home}/`);

/** An app's own pages, not its invitation pages (a signed-in user opening one is not sent back there). */
const inApp = (pathname: string, home: string) => under(pathname, home) && !pathname.startsWith(`${home}/invite/`);

/**
 * Where a signed-in user goes after login, by role (issue 17): a PARTNER to the partner app (a callback under
 * /partner is kept; one to the shop or the dashboard is not theirs and is dropped), a STAFF member to the store's
 * screen likewise (issue 16), an ADMIN to the safe callback (the store's screen included), anyone else to the safe
 * callback but never into the partner app or the store's screen (they would only refuse them).
 */
export function landingPath(
  role: string | null | undefined,
  raw: string | null | undefined,
  origin = "http://kwikmart.invalid",
): string {
  const path = safeCallbackPath(raw, origin);
  let pathname: string;
  try {
    pathname = new URL(path, origin).pathname;
  } catch {
    pathname = DEFAULT_PATH;
  }
  if (role === "PARTNER") return inApp(pathname, PARTNER_HOME) ? path : PARTNER_HOME;
  if (role === "STAFF") return inApp(pathname, STORE_HOME) ? path : STORE_HOME;
  if (under(pathname, PARTNER_HOME)) return DEFAULT_PATH;
  return role !== "ADMIN" && under(pathname, STORE_HOME) ? DEFAULT_PATH : path;
}
