import "server-only";
import { decode } from "next-auth/jwt";
import { prisma, type Role } from "@/lib/db";
import { authSecret } from "./secret";
import { verifyAccessToken } from "./tokens";

/** Who is calling: resolved from the web session cookie or a bearer access token, checked against the database. */
export type Viewer = {
  id: string;
  role: Role;
  email: string;
  name: string;
  /** "session": next-auth cookie (web app); "token": bearer access token (REST clients). */
  via: "session" | "token";
  /** The refresh family of a bearer access token. */
  familyId?: string;
};

export type Credentials = { authorization?: string | null; sessionToken?: string | null };

const userSelect = {
  id: true,
  role: true,
  email: true,
  name: true,
  status: true,
  sessionVersion: true,
} as const;

/** The bearer token of an `Authorization: Bearer …` header. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

async function fromAccessToken(token: string): Promise<Viewer | null> {
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  const user = await prisma.user.findUnique({
    where: { id: claims.userId },
    select: {
      ...userSelect,
      // The family must still be live: logout (family revoked) ends its access tokens at once.
      refreshTokens: { where: { familyId: claims.familyId, revokedAt: null }, select: { id: true }, take: 1 },
    },
  });
  if (!user || user.status !== "ACTIVE" || user.sessionVersion !== claims.sessionVersion) return null;
  if (!user.refreshTokens.length) return null;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    via: "token",
    familyId: claims.familyId,
  };
}

/** Decodes a next-auth session JWT (encrypted with NEXTAUTH_SECRET); null when invalid or expired. */
export async function decodeSessionToken(token: string): Promise<{ sub: string; sv: number } | null> {
  try {
    const payload = await decode({ token, secret: authSecret() });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { sub: payload.sub, sv: payload.sv };
  } catch {
    return null;
  }
}

async function fromSessionToken(token: string): Promise<Viewer | null> {
  const claims = await decodeSessionToken(token);
  if (!claims) return null;
  const user = await prisma.user.findUnique({ where: { id: claims.sub }, select: userSelect });
  if (!user || user.status !== "ACTIVE" || user.sessionVersion !== claims.sv) return null;
  return { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" };
}

/**
 * The one resolver behind every viewer helper: a bearer access token first, else the session cookie. A session
 * is dead when the user is not ACTIVE or its sessionVersion no longer matches (logout everywhere, password reset
 * or change); the role always comes from the database, never from the token.
 */
export async function resolveViewer(credentials: Credentials): Promise<Viewer | null> {
  const bearer = bearerToken(credentials.authorization);
  if (bearer) {
    const viewer = await fromAccessToken(bearer);
    if (viewer) return viewer;
  }
  if (credentials.sessionToken) return fromSessionToken(credentials.sessionToken);
  return null;
}
