import "server-only";
import { prisma, type Prisma } from "@/lib/db";

// Server-side web sessions (issue 20 #3). A next-auth session is a JWT cookie the server cannot take back on its own;
// each one therefore names a WebSession row (`sid` in the JWT), created at sign-in, and is honoured only while that
// row is live. Logout revokes the row, so a copied cookie stops working at once; so do logout everywhere, a password
// change or reset and account deletion (endAllSessions, lib/auth/tokens.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest a web session lasts from sign-in (shoppers expect to stay signed in). */
export const WEB_SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** A session unused this long ends. */
export const WEB_SESSION_IDLE_MS = 14 * DAY_MS;
/** lastSeenAt is written at most this often per session, not on every request (no write per page view). */
export const WEB_SESSION_TOUCH_MS = 5 * 60 * 1000;

const USER_AGENT_MAX = 300;

/** Starts a session for a user signing in, and forgets that user's dead ones; returns its id for the JWT. */
export async function startWebSession(userId: string, userAgent?: string | null): Promise<string> {
  const now = new Date();
  const [, session] = await Promise.all([
    prisma.webSession.deleteMany({
      where: {
        userId,
        OR: [
          { revokedAt: { not: null } },
          { expiresAt: { lte: now } },
          { lastSeenAt: { lte: new Date(now.getTime() - WEB_SESSION_IDLE_MS) } },
        ],
      },
    }),
    prisma.webSession.create({
      data: {
        userId,
        // the app's clock, like every later comparison (not the database's default)
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + WEB_SESSION_MAX_AGE_MS),
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      },
      select: { id: true },
    }),
  ]);
  return session.id;
}

/** The condition of a live session: not revoked, not past its 30 days, used within the last 14. */
export function liveWebSession(sid: string, now = new Date()): Prisma.WebSessionWhereInput {
  return {
    id: sid,
    revokedAt: null,
    expiresAt: { gt: now },
    lastSeenAt: { gt: new Date(now.getTime() - WEB_SESSION_IDLE_MS) },
  };
}

/**
 * What to add to a `user` query's select to learn, in the same statement, whether the session's lastSeenAt is due for
 * a refresh: `_count.webSessions` is 1 when it is.
 */
export function staleWebSessionCount(sid: string, now = new Date()) {
  return {
    select: {
      webSessions: { where: { id: sid, lastSeenAt: { lt: new Date(now.getTime() - WEB_SESSION_TOUCH_MS) } } },
    },
  } as const;
}

/** Moves a session's lastSeenAt to now (only when it is still stale, so concurrent requests write once). */
export async function touchWebSession(sid: string, now = new Date()): Promise<void> {
  await prisma.webSession.updateMany({
    where: { id: sid, lastSeenAt: { lt: new Date(now.getTime() - WEB_SESSION_TOUCH_MS) } },
    data: { lastSeenAt: now },
  });
}

/** Ends one session (logout). Unknown or already ended ids are ignored. */
export async function revokeWebSession(sid: string): Promise<void> {
  await prisma.webSession.updateMany({
    where: { id: sid, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Ends every session of a user, or every one but `exceptId` (the caller's own, e.g. after an e-mail change). */
export async function revokeWebSessions(
  userId: string,
  db: Prisma.TransactionClient = prisma,
  exceptId?: string,
): Promise<void> {
  await db.webSession.updateMany({
    where: { userId, revokedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { revokedAt: new Date() },
  });
}

const sessionUserSelect = {
  id: true,
  role: true,
  email: true,
  name: true,
  avatar: true,
  status: true,
  sessionVersion: true,
} as const;

export type SessionUser = Prisma.UserGetPayload<{ select: typeof sessionUserSelect }>;

/**
 * The user of web session `sid`, read in ONE statement with the session's liveness (a relation filter) and whether its
 * lastSeenAt is due (a filtered count): null when the session is revoked, expired or idle, or not this user's. Every
 * page and call of a signed-in shopper goes through here (add-to-cart is held to two round trips, this one included);
 * the second statement, refreshing lastSeenAt, runs at most once per session every few minutes. Status and
 * sessionVersion are the caller's to check.
 */
export async function findSessionUser(sub: string, sid: string): Promise<SessionUser | null> {
  const now = new Date();
  const user = await prisma.user.findFirst({
    where: { id: sub, webSessions: { some: liveWebSession(sid, now) } },
    select: { ...sessionUserSelect, _count: staleWebSessionCount(sid, now) },
  });
  if (!user) return null;
  const { _count, ...found } = user;
  if (_count.webSessions > 0) await touchWebSession(sid, now);
  return found;
}
