import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, type Role } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { consume, keyPart, refund } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { parseInput } from "./parse";
import { loginSchema } from "./schemas";

export const INVALID_LOGIN = "Invalid email or password";

export type AuthenticatedUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionVersion: number;
};

export const loginFailureKey = (email: string) => `login-fail:acct:${keyPart(email)}`;
const ipFailureKey = (ip: string) => `login-fail:ip:${ip}`;

// Unknown e-mails still pay for one hash check, so the answer takes as long as for a wrong password.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword(`no-such-account-${Math.random()}`));

/**
 * Checks e-mail and password for both the web sign-in (next-auth) and REST login. Unknown e-mail and wrong
 * password get the same answer. Failures are counted per account and per IP; successes are not: every attempt
 * takes a point first (so concurrent guesses cannot slip past the limit) and a success gives it back. While a
 * limit is reached the password is not even checked (429). Sets lastLoginDate on success.
 */
export async function authenticate(input: unknown, context: { ip: string }): Promise<AuthenticatedUser> {
  const { email, password } = parseInput(loginSchema, input);
  const accountKey = loginFailureKey(email);
  const ipKey = ipFailureKey(context.ip);
  await consume(accountKey, LIMITS.loginFailuresPerAccount);
  try {
    await consume(ipKey, LIMITS.loginFailuresPerIp);
  } catch (error) {
    await refund(accountKey);
    throw error;
  }

  const user = await prisma.user.findUnique({
    where: { email },
    select: {
      id: true,
      name: true,
      email: true,
      passwordHash: true,
      status: true,
      role: true,
      sessionVersion: true,
    },
  });
  const valid = await verifyPassword(user?.passwordHash ?? (await timingDummy()), password);
  if (!user || !valid) throw new AppError("UNAUTHENTICATED", INVALID_LOGIN);
  await Promise.all([refund(accountKey), refund(ipKey)]);
  if (user.status !== "ACTIVE") {
    throw new AppError("FORBIDDEN", "This account is not active. Please contact support.");
  }
  await prisma.user.update({ where: { id: user.id }, data: { lastLoginDate: new Date() } });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
  };
}

/** REST login: checks the password and starts a refresh-token family. */
export async function loginWithTokens(input: unknown, context: { ip: string }) {
  const user = await authenticate(input, context);
  const { accessToken, refreshToken } = await issueTokenPair(user);
  return { user, accessToken, refreshToken };
}
