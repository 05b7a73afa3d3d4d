import "server-only";
import type { Viewer } from "@/lib/auth/viewer-core";
import { prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { deleteStoredAvatar, storeAvatar } from "@/lib/media/avatar";
import { assertImage } from "@/lib/media/image-sniff";
import { assertEmailChangeAllowed, createEmailChange, sendEmailChangeMails } from "./email-change";
import { EMAIL_TAKEN, isUniqueViolation } from "./errors";
import { parseInput } from "./parse";
import { updateProfileSchema } from "./schemas";
import { getUserDetails, type UserDetails } from "./user-details";

export type ProfileUpdate = {
  user: UserDetails;
  /** the new address a confirmation link was just sent to (the e-mail itself has not changed yet), or null */
  emailChangeSentTo: string | null;
};

/**
 * Updates name and mobile (normalised to 10 digits); anything else in the input (role, password …) is ignored. A
 * different e-mail is not written here (issue 20 #4): it needs `currentPassword` (403 without it or when it is wrong,
 * and then nothing changes, name and mobile included), must be free (409), and becomes the account's e-mail only when
 * the link sent to it is opened (./email-change.ts); the old address is told at once, with an undo link.
 */
export async function updateProfile(
  viewer: Viewer,
  input: unknown,
  context: { ip: string } = { ip: "unknown" },
): Promise<ProfileUpdate> {
  const data = parseInput(updateProfileSchema, input);
  const current = await prisma.user.findUnique({
    where: { id: viewer.id },
    select: { email: true, verifyEmail: true },
  });
  if (!current) throw new AppError("UNAUTHENTICATED", "Please login");
  const emailChanged = current.email !== data.email;
  if (emailChanged) await assertEmailChangeAllowed(viewer, data.email, data.currentPassword || undefined, context);
  let mails;
  try {
    mails = await runTx(async (tx) => {
      const user = await tx.user.update({
        where: { id: viewer.id },
        data: { name: data.name, mobile: data.mobile },
        select: { id: true, email: true, verifyEmail: true },
      });
      return emailChanged ? createEmailChange(tx, viewer, user, data.email) : [];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  sendEmailChangeMails(mails);
  return { user: await getUserDetails(viewer.id), emailChangeSentTo: emailChanged ? data.email : null };
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
