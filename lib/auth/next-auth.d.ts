import "next-auth";
import "next-auth/jwt";

// What our next-auth session and JWT carry (lib/auth/options.ts). Roles mirror the Role enum of the schema.
type RoleName = "USER" | "ADMIN";

declare module "next-auth" {
  interface Session {
    user: { id: string; role: RoleName; name: string; email: string; image?: string | null };
  }
  interface User {
    role: RoleName;
    sessionVersion: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: RoleName;
    /** the user's sessionVersion when the session was issued */
    sv?: number;
  }
}
