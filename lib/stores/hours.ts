// Opening hours (issue 16): a store is open from `opensAt` to `closesAt`, minutes after local midnight in the shop's
// time zone. opensAt 0–1439, closesAt 1–1440; closesAt before opensAt runs past midnight (18:00–02:00); 00:00–24:00
// is all day. Pure: the clock and the zone are passed in (lib/ops/clock.ts gives them), so tests pick any hour.

export type Hours = { opensAt: number; closesAt: number };

export const DAY_MINUTES = 1440;

export const isAllDay = (h: Hours): boolean => h.opensAt === 0 && h.closesAt === DAY_MINUTES;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes after local midnight (0–1439) of `at` in `timeZone`. */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  let hour = 0;
  let minute = 0;
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type === "hour") hour = Number(part.value) % 24;
    if (part.type === "minute") minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/** Whether hours include local minute `m` (0–1439). */
export function isOpenAtMinute(h: Hours, m: number): boolean {
  if (isAllDay(h)) return true;
  if (h.opensAt < h.closesAt) return m >= h.opensAt && m < h.closesAt;
  return m >= h.opensAt || m < h.closesAt; // past midnight
}

/** Whether a store with these hours is open at `at`. */
export const isOpenAt = (h: Hours, at: Date, timeZone: string): boolean =>
  isOpenAtMinute(h, localMinuteOfDay(at, timeZone));

/**
 * The next instant the store opens after `at`, or null when it is open at `at`. Counted in whole local minutes from
 * `at` (the zone's offset at `at`; a daylight-saving jump in between, which Asia/Kolkata never has, is not counted).
 */
export function nextOpening(h: Hours, at: Date, timeZone: string): Date | null {
  const m = localMinuteOfDay(at, timeZone);
  if (isOpenAtMinute(h, m)) return null;
  const wait = (h.opensAt - m + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + wait * 60_000);
}

/** "07:00", "23:30", "24:00". */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** "07:00" → 420, "24:00" → 1440; null for anything else. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= DAY_MINUTES ? minutes : null;
}

/** "open 24 hours", "07:00–23:00". */
export const describeHours = (h: Hours): string =>
  isAllDay(h) ? "open 24 hours" : `${formatClock(h.opensAt)}–${formatClock(h.closesAt)}`;
