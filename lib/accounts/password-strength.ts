import "server-only";
import { AppError } from "@/lib/errors";
import { PASSWORD_MIN } from "./schemas";

// New passwords (register, reset, change) must not be on a list of common passwords. The list is the ~50,000
// most common passwords that zxcvbn-ts ships (@zxcvbn-ts/language-common, an offline, maintained list), checked
// here on the server only: this module is `server-only`, so the 380 kB dictionary never reaches a browser bundle.
// The length rule (PASSWORD_MIN) lives in the shared schemas, where the forms check it before they submit.
// Logging in never checks strength: old passwords keep working.

export const COMMON_PASSWORD_MESSAGE = `This password is too common. Use at least ${PASSWORD_MIN} characters, ideally a few unrelated words.`;

let common: Promise<Set<string>> | undefined;

/** The list, loaded (and decompressed) on first use; only entries long enough to pass the length rule are kept. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(
        dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()),
      ),
  );
  return common;
}

/** True when the password is on the common list, compared case-insensitively ("Password1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return list.has(password.toLowerCase()) || list.has(password.trim().toLowerCase());
}

/** Throws a 400 naming `field` when a new password is on the common list. */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError("VALIDATION", COMMON_PASSWORD_MESSAGE, {
      fieldErrors: { [field]: [COMMON_PASSWORD_MESSAGE] },
    });
  }
}
