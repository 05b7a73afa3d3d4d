import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, type Role } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { sendMailAfterResponse } from "@/lib/mail";
import { failedSignInsMail } from "@/lib/mail/security-templates";
import { consume, keyPart, refund, type Limit } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { ALERT_AT_FAILURES, loginDelayMs } from "./login-delay";
import { parseInput } from "./parse";
import { loginSchema } from "./schemas";

export const INVALID_LOGIN = "Invalid email or password";
export const PARTNER_DEACTIVATED =
  "This delivery partner account is deactivated. Please contact your store to have it reactivated.";

export const STAFF_DEACTIVATED =
  "This store staff account is deactivated. Please contact your store manager to have it reactivated.";

export type AuthenticatedUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionVersion: number;
};

export const loginFailureKey = (email: string) => `login-fail:acct:${keyPart(email)}`;
const pairFailureKey = (email: string, ip: string) => `login-fail:acct-ip:${keyPart(email)}:${keyPart(ip)}`;
const ipFailureKey = (ip: string) => `login-fail:ip:${ip}`;
const alertKey = (email: string) => `login-alert:${keyPart(email)}`;

// Unknown e-mails still pay for one hash check, so the answer takes as long as for a wrong password.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword(`no-such-account-${Math.random()}`));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes one point from each counter, in order; a refused one gives the points already taken back. */
async function takeAttempt(keys: [string, Limit][]): Promise<number> {
  const taken: string[] = [];
  let remaining = 0;
  try {
    for (const [key, limit] of keys) {
      remaining = (await consume(key, limit)).remaining;
      taken.push(key);
    }
  } catch (error) {
    await Promise.all(taken.map((key) => refund(key)));
    throw error;
  }
  return remaining;
}

/** Tells the owner about failed sign-ins, at most once an hour; never fails the sign-in it is called from. */
async function alertOwner(email: string, failures: number): Promise<void> {
  try {
    await consume(alertKey(email), LIMITS.loginAlertPerAccount);
  } catch {
    return; // told already this hour
  }
  const minutes = Math.round(LIMITS.loginFailuresPerAccount.windowSeconds / 60);
  const resetUrl = new URL("/forgot-password", env().APP_URL).toString();
  sendMailAfterResponse(failedSignInsMail({ to: email, failures, minutes, resetUrl }));
}

/**
 * Checks e-mail and password for both the web sign-in (next-auth) and REST login. Unknown e-mail and wrong
 * password get the same answer. Failures are counted per account and address (ten, then 429 for that pair: the hard
 * lock), per address (100 across accounts) and per account, where they only slow the next attempts down
 * (lib/accounts/login-delay.ts) so that nobody can lock the owner out. Every attempt takes its points first (so
 * concurrent guesses cannot slip past a limit) and a success gives them back. At ten failures the owner is e-mailed.
 */
export async function authenticate(input: unknown, context: { ip: string }): Promise<AuthenticatedUser> {
  const { email, password } = parseInput(loginSchema, input);
  const accountKey = loginFailureKey(email);
  const pairKey = pairFailureKey(email, context.ip);
  const ipKey = ipFailureKey(context.ip);
  const accountLimit = LIMITS.loginFailuresPerAccount;
  const remaining = await takeAttempt([
    [pairKey, LIMITS.loginFailuresPerAccountAndIp],
    [ipKey, LIMITS.loginFailuresPerIp],
    [accountKey, accountLimit],
  ]);
  const failuresBefore = accountLimit.points - remaining - 1;
  await sleep(loginDelayMs(failuresBefore));

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
  if (!user || !valid) {
    if (user && failuresBefore + 1 >= ALERT_AT_FAILURES) await alertOwner(user.email, failuresBefore + 1);
    throw new AppError("UNAUTHENTICATED", INVALID_LOGIN);
  }
  await Promise.all([refund(accountKey), refund(pairKey), refund(ipKey)]);
  if (user.status !== "ACTIVE") {
    throw new AppError("FORBIDDEN", "This account is not active. Please contact support.");
  }
  // a deactivated delivery partner (issue 17) cannot sign in until the store reactivates them
  if (user.role === "PARTNER") {
    const partner = await prisma.deliveryPartner.findUnique({
      where: { userId: user.id },
      select: { deactivatedAt: true },
    });
    if (partner?.deactivatedAt) throw new AppError("FORBIDDEN", PARTNER_DEACTIVATED);
  }
  // a deactivated store staff member (issue 16) likewise
  if (user.role === "STAFF") {
    const staff = await prisma.storeStaff.findUnique({ where: { userId: user.id }, select: { deactivatedAt: true } });
    if (!staff || staff.deactivatedAt) throw new AppError("FORBIDDEN", STAFF_DEACTIVATED);
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
