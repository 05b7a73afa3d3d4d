import "next-auth";
import "next-auth/jwt";

// What our next-auth session and JWT carry (lib/auth/options.ts). Roles mirror the Role enum of the schema.
type RoleName = "USER" | "ADMIN" | "PARTNER" | "STAFF";

declare module "next-auth" {
  interface Session {
    user: { id: string; role: RoleName; name: string; email: string; image?: string | null };
  }
  interface User {
    role: RoleName;
    sessionVersion: number;
    /** the browser's User-Agent at sign-in, kept on the WebSession row */
    userAgent?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: RoleName;
    /** the user's sessionVersion when the session was issued */
    sv?: number;
    /** the id of the session's WebSession row (lib/auth/web-sessions.ts) */
    sid?: string;
  }
}
