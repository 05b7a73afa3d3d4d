import "server-only";
import type { Limit } from "./index";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The shop's limits, in one place. Failed logins count failures only; the others count every call. */
export const LIMITS = {
  // finding #7: the hard lock is per account *and* address (nobody can lock another's account from their own
  // address); per account, failures only slow the next attempts down (lib/accounts/login-delay.ts)
  loginFailuresPerAccountAndIp: { points: 10, windowSeconds: 15 * MINUTE },
  loginFailuresPerAccount: { points: 100_000, windowSeconds: 15 * MINUTE },
  loginFailuresPerIp: { points: 100, windowSeconds: 15 * MINUTE },
  // one e-mail to the owner about failed sign-ins per hour at most
  loginAlertPerAccount: { points: 1, windowSeconds: HOUR },
  forgotPasswordPerEmail: { points: 5, windowSeconds: HOUR },
  forgotPasswordPerIp: { points: 30, windowSeconds: HOUR },
  otpPerEmail: { points: 10, windowSeconds: 15 * MINUTE },
  otpPerIp: { points: 60, windowSeconds: 15 * MINUTE },
  resetPasswordPerIp: { points: 30, windowSeconds: 15 * MINUTE },
  registerPerIp: { points: 200, windowSeconds: HOUR },
  // "taken" answers (409) say an e-mail has an account or a phone a partner: few per address, then everything from
  // that address waits for the window (issue 20 #9: the 409s stay, as the REST contract has them)
  registerTakenPerIp: { points: 20, windowSeconds: HOUR },
  partnerApplicationsPerIp: { points: 50, windowSeconds: HOUR },
  partnerPhoneTakenPerIp: { points: 20, windowSeconds: HOUR },
  refreshPerIp: { points: 300, windowSeconds: 15 * MINUTE },
  passwordCheckFailuresPerUser: { points: 10, windowSeconds: 15 * MINUTE },
  // issue 20 #4: an e-mail change mails two addresses; a few a day is plenty for the owner
  emailChangePerAccount: { points: 5, windowSeconds: HOUR },
  emailChangePerIp: { points: 30, windowSeconds: HOUR },
  // the links of e-mail changes (verify, undo) are 256-bit tokens, but a script trying them is still counted
  emailLinkPerIp: { points: 60, windowSeconds: 15 * MINUTE },
  // issue 20 #14: the e-mailed verification code (6 digits: sending and checking are both limited)
  verifyCodeSendPerAccount: { points: 5, windowSeconds: HOUR },
  verifyCodeSendPerIp: { points: 30, windowSeconds: HOUR },
  verifyCodeChecksPerAccount: { points: 10, windowSeconds: 15 * MINUTE },
  verifyCodeChecksPerIp: { points: 60, windowSeconds: 15 * MINUTE },
  // finding #6: placing orders (cash or card, each attempt) — a shopper needs a few a minute, a hoarding script more
  orderPlacementPerAccount: { points: 10, windowSeconds: MINUTE },
  orderPlacementPerIp: { points: 30, windowSeconds: MINUTE },
  // "notify me" when the shop delivers to a pincode (issue 16): a person asks for a few pincodes, a script for many
  notifyMePerIp: { points: 20, windowSeconds: HOUR },
  notifyMePerEmail: { points: 5, windowSeconds: HOUR },
} satisfies Record<string, Limit>;
