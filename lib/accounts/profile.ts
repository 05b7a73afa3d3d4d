import "server-only";
import type { Viewer } from "@/lib/auth/viewer-core";
import { prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { deleteStoredAvatar, storeAvatar } from "@/lib/media/avatar";
import { assertImage } from "@/lib/media/image-sniff";
import { createEmailVerification, sendVerificationMail } from "./email-verification";
import { EMAIL_TAKEN, isUniqueViolation } from "./errors";
import { parseInput } from "./parse";
import { updateProfileSchema } from "./schemas";
import { getUserDetails } from "./user-details";

/**
 * Updates name, e-mail and mobile (normalised to 10 digits). Anything else in the input (role, password …) is
 * ignored. A new e-mail must be free (409) and needs verifying again: a fresh link goes to the new address.
 */
export async function updateProfile(viewer: Viewer, input: unknown) {
  const data = parseInput(updateProfileSchema, input);
  let mail;
  try {
    mail = await runTx(async (tx) => {
      const current = await tx.user.findUnique({ where: { id: viewer.id }, select: { email: true } });
      if (!current) throw new AppError("UNAUTHENTICATED", "Please login");
      const emailChanged = current.email !== data.email;
      if (emailChanged) {
        const taken = await tx.user.findUnique({ where: { email: data.email }, select: { id: true } });
        if (taken) throw new AppError("CONFLICT", EMAIL_TAKEN);
      }
      const user = await tx.user.update({
        where: { id: viewer.id },
        data: {
          name: data.name,
          email: data.email,
          mobile: data.mobile,
          ...(emailChanged ? { verifyEmail: false } : {}),
        },
        select: { id: true, name: true, email: true },
      });
      return emailChanged ? createEmailVerification(tx, user) : null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  if (mail) sendVerificationMail(mail);
  return getUserDetails(viewer.id);
}

/** Checks, re-encodes and stores a new avatar, saves its URL on the user and removes the previous file. */
export async function setAvatar(viewer: Viewer, bytes: Buffer): Promise<string> {
  await assertImage(bytes);
  const url = await storeAvatar(bytes);
  const before = await prisma.user.findUnique({ where: { id: viewer.id }, select: { avatar: true } });
  await prisma.user.update({ where: { id: viewer.id }, data: { avatar: url } });
  if (before?.avatar && before.avatar !== url) await deleteStoredAvatar(before.avatar);
  return url;
}
