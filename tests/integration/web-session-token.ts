import { encode } from "next-auth/jwt";
import { startWebSession } from "@/lib/auth/web-sessions";
import { prisma } from "@/lib/db";

// A next-auth session token as the web app's sign-in issues it (lib/auth/options.ts): the user id, its sessionVersion
// and the id of a fresh server-side WebSession row (issue 20 #3: a token naming no live row is no session).

export async function webSessionToken(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { sessionVersion: true },
  });
  const sid = await startWebSession(userId, "integration test");
  return encode({
    token: { sub: userId, sv: user.sessionVersion, sid, ...extra },
    secret: process.env.NEXTAUTH_SECRET!,
  });
}
