import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { prisma, runTx, type Prisma, type Role } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { authSecret } from "./secret";
import { revokeWebSessions } from "./web-sessions";

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

/** Who a refresh token speaks for: what the viewer needs, read with the token in one query. */
export type TokenOwner = { id: string; role: Role; email: string; name: string };

/**
 * The outcome of presenting a refresh token: a new pair, or (within the grace of a rotation, see renewRefreshToken)
 * no pair but the owner, whose family is still live.
 */
export type Renewal = { pair: TokenPair | null; owner: TokenOwner; familyId: string };

/**
 * Exchanges a refresh token for a new pair. The old token is marked rotated; a token that was already rotated
 * or revoked is a sign of theft, so its whole family is revoked (the newest token of it stops working too).
 */
export async function rotateRefreshToken(token: string): Promise<TokenPair> {
  const { pair } = await renew(token, 0);
  if (!pair) throw new AppError("UNAUTHENTICATED", SESSION_ENDED); // unreachable without a grace
  return pair;
}

/**
 * The cookie session's renewal (lib/auth/cookie-session.ts): like rotateRefreshToken, except that a token rotated
 * less than `graceMs` ago by another call, and not revoked since, answers its owner without a new pair instead of
 * revoking the family. A browser fires a page's calls at once, each with the same expired access cookie and the same
 * refresh cookie; the first rotates the pair and sets the new cookies, the others must not count as theft. Later reuse
 * still revokes the family.
 */
export function renewRefreshToken(token: string, graceMs: number): Promise<Renewal> {
  return renew(token, graceMs);
}

async function renew(token: string, graceMs: number): Promise<Renewal> {
  const row = await prisma.refreshToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      userId: true,
      familyId: true,
      expiresAt: true,
      rotatedAt: true,
      revokedAt: true,
      user: { select: { status: true, sessionVersion: true, role: true, email: true, name: true } },
    },
  });
  if (!row) throw new AppError("UNAUTHENTICATED", "Invalid refresh token; please log in again");
  const owner: TokenOwner = {
    id: row.userId,
    role: row.user.role,
    email: row.user.email,
    name: row.user.name,
  };
  const usable = row.expiresAt > new Date() && row.user.status === "ACTIVE";
  const inGrace = (rotatedAt: Date | null) =>
    graceMs > 0 && !!rotatedAt && Date.now() - rotatedAt.getTime() < graceMs;
  if (row.revokedAt || (row.rotatedAt && !(usable && inGrace(row.rotatedAt)))) {
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  if (!usable) {
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  if (row.rotatedAt) return { pair: null, owner, familyId: row.familyId };
  const next = newOpaqueToken();
  const claimed = await runTx(async (tx) => {
    // Conditional: of two concurrent rotations of one token, exactly one wins; the other counts as reuse (or, within
    // a grace, as a sibling call of the winner).
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
    if (graceMs > 0) {
      const now = await prisma.refreshToken.findUnique({
        where: { id: row.id },
        select: { rotatedAt: true, revokedAt: true },
      });
      if (now && !now.revokedAt && inGrace(now.rotatedAt))
        return { pair: null, owner, familyId: row.familyId };
    }
    await revokeFamily(row.familyId);
    throw new AppError("UNAUTHENTICATED", SESSION_ENDED);
  }
  const accessToken = await signAccessToken({
    userId: row.userId,
    sessionVersion: row.user.sessionVersion,
    familyId: row.familyId,
  });
  return { pair: { accessToken, refreshToken: next }, owner, familyId: row.familyId };
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
 * Ends every session of a user: bumps sessionVersion (web sessions and access tokens carry the old value and die),
 * revokes all refresh tokens and every server-side web session (lib/auth/web-sessions.ts), and cancels a pending
 * e-mail change. Used by logout-everywhere, password reset and change, account deletion, an e-mail change's undo.
 */
export async function endAllSessions(userId: string, db: Prisma.TransactionClient = prisma): Promise<number> {
  const user = await db.user.update({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  await revokeWebSessions(userId, db);
  // An e-mail change still waiting for its link dies too (issue 20 #4): an owner who answers a change they did not ask
  // for by resetting the password or logging out everywhere must not see the account move when the link is opened.
  await db.emailChange.updateMany({
    where: { userId, verifiedAt: null, cancelledAt: null, undoneAt: null },
    data: { cancelledAt: new Date() },
  });
  return user.sessionVersion;
}
