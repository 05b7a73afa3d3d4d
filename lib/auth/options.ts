import "server-only";
import { log } from "@/lib/log";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Role } from "@/lib/db";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { clientIp } from "./client-ip";
import { authSecret, secureCookies } from "./secret";
import { findSessionUser, revokeWebSession, startWebSession, WEB_SESSION_MAX_AGE_MS } from "./web-sessions";

export const SESSION_MAX_AGE_SECONDS = WEB_SESSION_MAX_AGE_MS / 1000;

/** Thrown by the jwt callback when a session's row, sessionVersion or user status no longer allows it. */
class SessionEndedError extends Error {
  constructor() {
    super("Session ended");
    this.name = "SessionEndedError";
  }
}

/** Checks an e-mail and password (lib/accounts does; passed in so that this adapter never imports the domain). */
export type Authenticate = (
  credentials: { email: unknown; password: unknown },
  context: { ip: string },
) => Promise<{ id: string; name: string; email: string; role: Role; sessionVersion: number }>;

/**
 * next-auth v4: Credentials (e-mail + password) with JWT sessions in httpOnly, SameSite=Lax cookies (Secure and
 * `__Secure-` names when APP_URL is https). The token carries the user id (sub), role, sessionVersion (sv) and the id
 * of its server-side WebSession row (sid, lib/auth/web-sessions.ts); every session read re-checks them against the
 * database, so logout (signOut revokes the row), logout-everywhere and password changes end it, and a copied cookie
 * dies with its session. Built per request rather than at import, so `next build` needs no secret.
 */
export function buildAuthOptions(authenticate: Authenticate): AuthOptions {
  // next-auth v4 takes its public origin from NEXTAUTH_URL only; `npm start` sets it, plain `next dev` may not.
  process.env.NEXTAUTH_URL ??= env().APP_URL;
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secureCookies(),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          try {
            const user = await authenticate(
              { email: credentials?.email, password: credentials?.password },
              { ip: clientIp(req.headers ?? {}) },
            );
            const userAgent = req.headers?.["user-agent"];
            // the signed-in account as authenticate answers it (id, name, email, role, sessionVersion)
            return { ...user, userAgent: typeof userAgent === "string" ? userAgent : undefined };
          } catch (error) {
            // next-auth hands the message to signIn()'s result.error: "Invalid email or password", "Too many …".
            if (isAppError(error)) throw new Error(error.message);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = user.role;
          token.sv = user.sessionVersion;
          token.sid = await startWebSession(user.id, user.userAgent);
          return token;
        }
        // a token without a session row (issued before they existed) cannot be revoked: it ends too
        const current = token.sub && token.sid ? await findSessionUser(token.sub, token.sid) : null;
        if (!current || current.status !== "ACTIVE" || current.sessionVersion !== token.sv) {
          // next-auth answers an empty session and clears the cookie.
          throw new SessionEndedError();
        }
        token.role = current.role;
        token.name = current.name;
        token.email = current.email;
        token.picture = current.avatar || null;
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          role: token.role ?? "USER",
          name: token.name ?? "",
          email: token.email ?? "",
          image: token.picture ?? null,
        };
        return session;
      },
    },
    events: {
      // next-auth's sign-out (the web app's Logout) clears the cookie; the row goes too, so a copy of it is dead.
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeWebSession(token.sid);
      },
    },
    logger: {
      error(code, metadata) {
        if (metadata instanceof SessionEndedError) return;
        const message =
          metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message;
        log.error({ code, detail: message }, "next-auth error");
      },
      warn(code) {
        log.warn({ code }, "next-auth warning");
      },
      debug() {},
    },
  };
}
