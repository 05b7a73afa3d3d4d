import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { frontendOrigins } from "@/lib/http/frontend-origins";
import { CROSS_SITE_MESSAGE, isCrossSiteCookieRequest } from "@/lib/http/same-origin";
import { viewerFromRefreshCookie } from "./cookie-session";
import { ACCESS_COOKIE, parseCookies, REFRESH_COOKIE, sessionTokenFrom } from "./cookies";
import { resolveViewer, type Viewer } from "./viewer-core";

export type { Viewer } from "./viewer-core";

export const PLEASE_LOGIN = "Please login";
export const NO_PERMISSION = "Do not have permission";

// Route handlers: read the credentials from the Request itself (works in tests, no request scope needed).

/**
 * The caller of a route handler, from `Authorization: Bearer <accesstoken>`, the `accessToken` cookie (renewed from
 * the `refreshToken` cookie when it has expired: lib/auth/cookie-session.ts) or the next-auth session cookie. A
 * state-changing call with a credential cookie from another site is refused with 403 here as well as in proxy.ts, so
 * a handler is guarded even where the proxy does not run (a narrowed matcher, handlers called directly).
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  if (isCrossSiteCookieRequest(request, env().APP_URL, frontendOrigins()))
    throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
  const cookies = parseCookies(request.headers.get("cookie"));
  const viewer = await resolveViewer({
    authorization: request.headers.get("authorization"),
    accessToken: cookies.get(ACCESS_COOKIE),
    sessionToken: sessionTokenFrom(cookies),
  });
  if (viewer) return viewer;
  const refreshToken = cookies.get(REFRESH_COOKIE);
  return refreshToken ? viewerFromRefreshCookie(refreshToken) : null;
}

function assertUser(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", PLEASE_LOGIN);
  return viewer;
}

function assertAdmin(viewer: Viewer | null): Viewer {
  const user = assertUser(viewer);
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", NO_PERMISSION);
  return user;
}

/** A logged-in caller, else AppError UNAUTHENTICATED (401 "Please login"). */
export async function requireUser(request: Request): Promise<Viewer> {
  return assertUser(await getViewer(request));
}

/** An ADMIN caller: 401 for guests, AppError FORBIDDEN (403 "Do not have permission") for everyone else. */
export async function requireAdmin(request: Request): Promise<Viewer> {
  return assertAdmin(await getViewer(request));
}

// Server components and server actions: the same resolver fed from next/headers, once per request.

/** The viewer of the current page render or server action, or null for guests. */
export const getSessionViewer = cache(async (): Promise<Viewer | null> => {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  return resolveViewer({
    authorization: headerList.get("authorization"),
    sessionToken: sessionTokenFrom(new Map(cookieStore.getAll().map((c) => [c.name, c.value]))),
  });
});

/** For server actions: the logged-in viewer, else AppError UNAUTHENTICATED. */
export async function requireUserAction(): Promise<Viewer> {
  return assertUser(await getSessionViewer());
}

/** For server actions: an ADMIN viewer, else UNAUTHENTICATED / FORBIDDEN. */
export async function requireAdminAction(): Promise<Viewer> {
  return assertAdmin(await getSessionViewer());
}
