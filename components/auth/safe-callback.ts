/** Auth screens a callback must never point back to (it would loop). */
const AUTH_PATHS = ["/login", "/register", "/forgot-password", "/verification-otp", "/reset-password"];

/**
 * The path to go to after login: `callbackUrl` when it is a same-origin path (or an absolute URL of this
 * origin), else "/". Protocol-relative (`//evil.example`) and backslash tricks are refused.
 */
export function safeCallbackPath(raw: string | null | undefined, origin = "http://kwikmart.invalid"): string {
  if (!raw || typeof raw !== "string" || raw.length > 2000) return "/";
  const value = raw.trim();
  const isPath = value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
  const isOwnAbsolute = !isPath && value.startsWith(`${origin}/`);
  if (!isPath && !isOwnAbsolute) return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  if (AUTH_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
