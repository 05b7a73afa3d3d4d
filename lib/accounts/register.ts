import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { prisma, runTx } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import { assertNotLimited, consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { createEmailVerification, sendVerificationMail } from "./email-verification";
import { EMAIL_TAKEN, isUniqueViolation } from "./errors";
import { parseInput } from "./parse";
import { assertNotCommonPassword } from "./password-strength";
import { registerSchema } from "./schemas";

/**
 * Creates a shopper account (role USER, whatever the input says) and sends the e-mail verification link after
 * the commit. Duplicate e-mail → CONFLICT (409), as the REST contract says; since that answer tells whether an
 * e-mail has an account, an address gets few of them (LIMITS.registerTakenPerIp) besides the overall limit per IP.
 * The password must not be a common one (password-strength.ts).
 */
export async function registerUser(input: unknown, context: { ip: string }) {
  // only well-formed sign-ups count against the address (a form with a typo should not use up the allowance)
  const data = parseInput(registerSchema, input);
  await assertNotCommonPassword(data.password, "password");
  await consume(`register:ip:${context.ip}`, LIMITS.registerPerIp);
  const takenKey = `register-taken:ip:${context.ip}`;
  await assertNotLimited(takenKey, LIMITS.registerTakenPerIp);
  const emailTaken = async () => {
    // counted, not enforced here: this caller still learns "taken" once, the next one from the address is refused
    await consume(takenKey, LIMITS.registerTakenPerIp).catch((error: unknown) => {
      if (!isAppError(error)) throw error;
    });
    return new AppError("CONFLICT", EMAIL_TAKEN);
  };
  const taken = await prisma.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (taken) throw await emailTaken();
  const passwordHash = await hashPassword(data.password);
  let result;
  try {
    result = await runTx(async (tx) => {
      const user = await tx.user.create({
        data: { name: data.name, email: data.email, passwordHash },
        select: { id: true, name: true, email: true },
      });
      const mail = await createEmailVerification(tx, user);
      return { user, mail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await emailTaken();
    throw error;
  }
  sendVerificationMail(result.mail);
  return result.user;
}
