// Progressive delay for sign-ins to an account that has seen failures (security finding #7): instead of refusing
// even the right password after ten wrong ones from anywhere (which let anybody lock anybody out, the admin
// included), every attempt on such an account waits a little longer before its password is checked. The owner
// still gets in; a guesser gets few tries a minute. The hard lock is per account and address (limits.ts).

/** Failures on the account in the window before delays start. */
export const FREE_FAILURES = 5;
/** The longest any attempt waits. */
export const MAX_DELAY_MS = 5_000;

/** How long an attempt waits when the account has had `failures` failed sign-ins in the window. */
export function loginDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(100 * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/** Failures at which the owner is told (at most once an hour). */
export const ALERT_AT_FAILURES = 10;
