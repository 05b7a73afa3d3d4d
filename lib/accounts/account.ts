import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions, revokeFamily, revokeFamilyOfRefreshToken } from "@/lib/auth/tokens";
import type { Viewer } from "@/lib/auth/viewer-core";
import { revokeWebSession } from "@/lib/auth/web-sessions";
import { prisma, runTx } from "@/lib/db";
import { deleteStoredAvatar } from "@/lib/media/avatar";
import { parseInput } from "./parse";
import { checkOwnPassword } from "./password-change";
import { deleteAccountSchema } from "./schemas";

/**
 * Logout of one session: revokes the refresh family of the caller's access token and/or of the refresh token it
 * presents (bearer, body or cookie), and the server-side web session its next-auth cookie names, so that a copy of
 * either cookie is dead too. The route clears the cookies.
 */
export async function logout(options: {
  familyId?: string;
  refreshToken?: string;
  webSessionId?: string;
}): Promise<void> {
  if (options.familyId) await revokeFamily(options.familyId);
  if (options.refreshToken) await revokeFamilyOfRefreshToken(options.refreshToken);
  if (options.webSessionId) await revokeWebSession(options.webSessionId);
}

/** Logout everywhere: every web session and access token dies, every refresh token is revoked. */
export async function logoutEverywhere(viewer: Viewer): Promise<void> {
  await endAllSessions(viewer.id);
}

/**
 * Deletes the account after checking the password: personal data is erased (name, e-mail, mobile, avatar,
 * addresses, cart, tokens), the row stays as an anonymous DELETED user so past orders keep their history.
 */
export async function deleteAccount(viewer: Viewer, input: unknown): Promise<void> {
  const { password } = parseInput(deleteAccountSchema, input);
  await checkOwnPassword(viewer.id, password, "Password is not correct");
  const before = await prisma.user.findUnique({ where: { id: viewer.id }, select: { avatar: true } });
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  await runTx(async (tx) => {
    await endAllSessions(viewer.id, tx);
    await tx.user.update({
      where: { id: viewer.id },
      data: {
        name: "Deleted user",
        email: `deleted+${viewer.id}@invalid`,
        mobile: null,
        avatar: "",
        verifyEmail: false,
        status: "DELETED",
        passwordHash,
      },
    });
    await tx.address.deleteMany({ where: { userId: viewer.id } });
    await tx.cartItem.deleteMany({ where: { userId: viewer.id } });
    await tx.refreshToken.deleteMany({ where: { userId: viewer.id } });
    await tx.passwordResetCode.deleteMany({ where: { userId: viewer.id } });
    await tx.passwordResetGrant.deleteMany({ where: { userId: viewer.id } });
    await tx.emailVerificationToken.deleteMany({ where: { userId: viewer.id } });
    await tx.emailVerificationCode.deleteMany({ where: { userId: viewer.id } });
    // old and new addresses of e-mail changes are personal data too
    await tx.emailChange.deleteMany({ where: { userId: viewer.id } });
  });
  await deleteStoredAvatar(before?.avatar);
}
