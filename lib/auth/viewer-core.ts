import "server-only";
import { decode } from "next-auth/jwt";
import { prisma, type Role } from "@/lib/db";
import { authSecret } from "./secret";
import { verifyAccessToken } from "./tokens";
import { findSessionUser } from "./web-sessions";

/** Who is calling: resolved from the web session cookie or a bearer access token, checked against the database. */
export type Viewer = {
  id: string;
  role: Role;
  email: string;
  name: string;
  /** "session": next-auth cookie (web app); "token": access token (REST clients), as bearer header or cookie. */
  via: "session" | "token";
  /** The refresh family of an access token. */
  familyId?: string;
  /** The server-side web session (WebSession id) of a next-auth cookie. */
  sessionId?: string;
  /** The token came in the accessToken/refreshToken cookies (a cookie-only REST client), not the Authorization header. */
  tokenInCookie?: boolean;
};

export type Credentials = {
  authorization?: string | null;
  /** the `accessToken` cookie of the REST cookie session */
  accessToken?: string | null;
  sessionToken?: string | null;
};

/** The bearer token of an `Authorization: Bearer …` header. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

type TokenUser = { id: string; role: Role; email: string; name: string; status: string; sessionVersion: number };

async function fromAccessToken(token: string): Promise<Viewer | null> {
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  // The family must still be live: logout (family revoked) ends its access tokens at once. User and family in one
  // statement, written out rather than through the ORM: every REST call of a signed-in client runs it (issue 19 #3,
  // the ORM's query planning was a visible share of a checkout burst's CPU).
  const [user] = await prisma.$queryRaw<TokenUser[]>`
    SELECT u.id, u.role::text AS role, u.email, u.name, u.status::text AS status, u."sessionVersion"
    FROM "User" u
    WHERE u.id = ${claims.userId}
      AND EXISTS (SELECT 1 FROM "RefreshToken" r
                  WHERE r."userId" = u.id AND r."familyId" = ${claims.familyId} AND r."revokedAt" IS NULL)`;
  if (!user || user.status !== "ACTIVE" || user.sessionVersion !== claims.sessionVersion) return null;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    via: "token",
    familyId: claims.familyId,
  };
}

export type SessionClaims = { sub: string; sv: number; sid: string };

/**
 * Decodes a next-auth session JWT (encrypted with NEXTAUTH_SECRET); null when invalid or expired, and when it names
 * no server-side session (`sid`): one issued before sessions had rows cannot be revoked, so it no longer counts.
 */
export async function decodeSessionToken(token: string): Promise<SessionClaims | null> {
  try {
    const payload = await decode({ token, secret: authSecret() });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    if (typeof payload.sid !== "string" || !payload.sid) return null;
    return { sub: payload.sub, sv: payload.sv, sid: payload.sid };
  } catch {
    return null;
  }
}

async function fromSessionToken(token: string): Promise<Viewer | null> {
  const claims = await decodeSessionToken(token);
  if (!claims) return null;
  // one statement: the user with the liveness of its web session (lib/auth/web-sessions.ts)
  const user = await findSessionUser(claims.sub, claims.sid);
  if (!user || user.status !== "ACTIVE" || user.sessionVersion !== claims.sv) return null;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    via: "session",
    sessionId: claims.sid,
  };
}

/**
 * The one resolver behind every viewer helper: a bearer access token first, then the next-auth session cookie, else
 * the accessToken cookie of a REST cookie session. The web session goes before the REST cookies so that the shop's own
 * screens always act as the shopper they show, whatever REST cookies the browser also holds for the host (another
 * port's front end shares them; a planted one must not change who the shop's pages act as). A session is dead when the
 * user is not ACTIVE, its sessionVersion no longer matches (logout everywhere, password reset or change) or, for a web
 * session, its row is revoked, expired or idle; the role always comes from the database, never from the token.
 * (Renewing an expired access cookie from the refresh cookie needs the answer to set cookies: lib/auth/viewer.ts does
 * it for REST calls.)
 */
export async function resolveViewer(credentials: Credentials): Promise<Viewer | null> {
  const bearer = bearerToken(credentials.authorization);
  if (bearer) {
    const viewer = await fromAccessToken(bearer);
    if (viewer) return viewer;
  }
  if (credentials.sessionToken) {
    const viewer = await fromSessionToken(credentials.sessionToken);
    if (viewer) return viewer;
  }
  if (credentials.accessToken) {
    const viewer = await fromAccessToken(credentials.accessToken);
    if (viewer) return { ...viewer, tokenInCookie: true };
  }
  return null;
}
