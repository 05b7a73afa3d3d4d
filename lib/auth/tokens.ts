import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { prisma, runTx, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { authSecret } from "./secret";

// REST tokens (api-contract.md, Auth): a short-lived signed access token and a rotating opaque refresh token.
// Refresh tokens are stored only as sha256 hashes; every token rotated from one login shares a family, and
// presenting a token that was already rotated (or revoked) revokes the whole family.

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export type AccessClaims = { userId: string; sessionVersion: number; familyId: string };
export type TokenPair = { accessToken: string; refreshToken: string };

const key = () => new TextEncoder().encode(authSecret());

/** sha256 (hex) of an opaque token: what the database keeps instead of the token. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** 32 random bytes, base64url: refresh tokens, reset grants, e-mail verification tokens. */
export const newOpaqueToken = (): string => randomBytes(32).toString("base64url");

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({ sv: claims.sessionVersion, fid: claims.familyId, typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key());
}

/** The claims of a valid, unexpired access token; null for anything else (never throws). */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"] });
    if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
    if (typeof payload.sv !== "number" || typeof payload.fid !== "string") return null;
    return { userId: payload.sub, sessionVersion: payload.sv, familyId: payload.fid };
  } catch {
    return null;
  }
}

const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000);

/** Starts a new refresh family for a login and returns both tokens. */
export async function issueTokenPair(
  user: { id: string; sessionVersion: number },
  db: Prisma.TransactionClient = prisma,
): Promise<TokenPair> {
  const familyId = randomUUID();
  const refreshToken = newOpaqueToken();
  await db.refreshToken.create({
    data: { userId: user.id, tokenHash: hashToken(refreshToken), familyId, expiresAt: refreshExpiry() },
  });
  const accessToken = await signAccessToken({
    userId: user.id,
    sessionVersion: user.sessionVersion,
    familyId,
  });
  return { accessToken, refreshToken };
}

const SESSION_ENDED = "Your session has ended; please log in again";

/**
 * Exchanges a refresh token for a new pair. The old token is marked rotated; a token that was already rotated
 * or revoked is a sign of theft, so its whole family is revoked (the newest token of it stops working too).
 */
export async function rotateRefreshToken(token: string): Promise<TokenPair> {
  const row = await prisma.refreshToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      userId: true,
      familyId: true,
      expiresAt: true,
      rotatedAt: true,
      revokedAt: true,
      user: { select: { status: true, sessionVersion: true } },
    },
  });
  if (!row) throw new AppError("UNAUTHENTICATED", "Invalid refresh token; please log in again");
  if (row.rotatedAt || row.revokedAt) {
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  if (row.expiresAt <= new Date() || row.user.status !== "ACTIVE") {
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  const next = newOpaqueToken();
  const claimed = await runTx(async (tx) => {
    // Conditional: of two concurrent rotations of one token, exactly one wins; the other counts as reuse.
    const { count } = await tx.refreshToken.updateMany({
      where: { id: row.id, rotatedAt: null, revokedAt: null },
      data: { rotatedAt: new Date() },
    });
    if (count !== 1) return false;
    await tx.refreshToken.create({
      data: {
        userId: row.userId,
        tokenHash: hashToken(next),
        familyId: row.familyId,
        expiresAt: refreshExpiry(),
      },
    });
    return true;
  });
  if (!claimed) {
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  const accessToken = await signAccessToken({
    userId: row.userId,
    sessionVersion: row.user.sessionVersion,
    familyId: row.familyId,
  });
  return { accessToken, refreshToken: next };
}

export async function revokeFamily(familyId: string, db: Prisma.TransactionClient = prisma): Promise<void> {
  await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Revokes the family a refresh token belongs to (logout with a refresh token); unknown tokens are ignored. */
export async function revokeFamilyOfRefreshToken(token: string): Promise<void> {
  const row = await prisma.refreshToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { familyId: true },
  });
  if (row) await revokeFamily(row.familyId);
}

/**
 * Ends every session of a user: bumps sessionVersion (web sessions and access tokens carry the old value and die)
 * and revokes all refresh tokens. Used by logout-everywhere, password reset and change, account deletion.
 */
export async function endAllSessions(userId: string, db: Prisma.TransactionClient = prisma): Promise<number> {
  const user = await db.user.update({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return user.sessionVersion;
}
