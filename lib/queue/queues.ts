import "server-only";

// Every job the shop runs, by queue name: how a failure is retried and, for the scheduled ones, when it runs.
// What each job does is lib/jobs/jobs.ts (the worker's floor, above the domain); this table sits down here in
// infrastructure so that any module, the mail sender included, can queue a job. TypeScript keeps the two in step:
// a queue without a handler, or a handler without a queue, does not compile.
//
// - Schedules are cron lines in UTC; pg-boss checks them every 30 s, so a minute is the finest step.
// - A failed run is retried `retryLimit` times, the first after `retryDelay` seconds and each next one after twice
//   as long, with jitter (retryBackoff, on for every queue). After the last the job is failed for good: one error
//   line in the log ("job gave up") and a row in failedJobs().
// - A run longer than `expireInSeconds` counts as a failure; a worker that died mid-run frees its job after that long.
// - "stately": at most one run of the job at a time and one waiting, however many instances schedule it or however
//   long a run takes; the handlers are safe to run concurrently anyway (every order is re-checked under its row lock).

/** What each queue's job carries. */
export type QueueData = {
  "release-expired-holds": Record<string, never>;
  "retry-refunds": Record<string, never>;
  "hand-out-queued-orders": Record<string, never>;
  "send-mail": { id: string };
  "prune-rider-positions": Record<string, never>;
};

export type QueueName = keyof QueueData;

export type QueueSettings = {
  schedule?: string;
  retryLimit: number;
  retryDelay: number;
  expireInSeconds: number;
  policy: "standard" | "stately";
  /** how often an idle worker asks for this job */
  pollingIntervalSeconds: number;
};

export const QUEUES: Record<QueueName, QueueSettings> = {
  /**
   * Card orders whose stock hold (15 minutes, lib/orders/place-order.ts HOLD_MINUTES) expired: cancelled, stock
   * returned (an open Stripe session is expired first). Every minute, so a hold lasts at most a minute longer.
   */
  "release-expired-holds": {
    schedule: "* * * * *",
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: 180,
    policy: "stately",
    pollingIntervalSeconds: 5,
  },
  /** Cancelled card orders whose refund failed (the provider was down): refunded now, once (idempotency key). */
  "retry-refunds": {
    schedule: "*/5 * * * *",
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 300,
    policy: "stately",
    pollingIntervalSeconds: 10,
  },
  /** The dispatch queue's safety net: an order every backstop missed, and a free partner. */
  "hand-out-queued-orders": {
    schedule: "* * * * *",
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: 60,
    policy: "stately",
    pollingIntervalSeconds: 5,
  },
  /** One e-mail waiting in the outbox for Resend (lib/mail/send.ts), queued as it is written. */
  "send-mail": {
    // about 30 minutes of tries in all: 30-60 s, 1-2 min, 2-4 min, 4-8 min, 8-16 min
    retryLimit: 5,
    retryDelay: 30,
    expireInSeconds: 60,
    policy: "standard",
    pollingIntervalSeconds: 2,
  },
  /**
   * A rider's phone sends its position about every 10 s of a delivery (issue 17): once the order is finished they
   * serve nobody (its page stops following it), so they are deleted an hour after, every hour.
   */
  "prune-rider-positions": {
    schedule: "17 * * * *",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 300,
    policy: "stately",
    pollingIntervalSeconds: 30,
  },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** The settings pg-boss keeps per queue and copies onto each job written to it. */
export function queueOptions(name: QueueName) {
  const { retryLimit, retryDelay, expireInSeconds, policy } = QUEUES[name];
  return { name, retryLimit, retryDelay, retryBackoff: true, expireInSeconds, policy };
}
