import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { createEmailVerification, sendVerificationMail } from "./email-verification";
import { EMAIL_TAKEN, isUniqueViolation } from "./errors";
import { parseInput } from "./parse";
import { registerSchema } from "./schemas";

/**
 * Creates a shopper account (role USER, whatever the input says) and sends the e-mail verification link after
 * the commit. Duplicate e-mail → CONFLICT (409). Limited per IP.
 */
export async function registerUser(input: unknown, context: { ip: string }) {
  // only well-formed sign-ups count against the address (a form with a typo should not use up the allowance)
  const data = parseInput(registerSchema, input);
  await consume(`register:ip:${context.ip}`, LIMITS.registerPerIp);
  const taken = await prisma.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (taken) throw new AppError("CONFLICT", EMAIL_TAKEN);
  const passwordHash = await hashPassword(data.password);
  let result;
  try {
    result = await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { name: data.name, email: data.email, passwordHash },
        select: { id: true, name: true, email: true },
      });
      const mail = await createEmailVerification(tx, user);
      return { user, mail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", EMAIL_TAKEN);
    throw error;
  }
  sendVerificationMail(result.mail);
  return result.user;
}
