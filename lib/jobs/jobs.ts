import "server-only";
import { handOutIfPartnersFree } from "@/lib/dispatch";
import { deliverQueuedMail } from "@/lib/mail";
import { countPendingRefunds, pruneRiderPositions, releaseExpiredHolds, retryPendingRefunds } from "@/lib/orders";
import type { QueueData, QueueName } from "@/lib/queue";

// What each job does, one handler per queue of lib/queue/queues.ts (which says how often each is retried and when the
// scheduled ones run). Adding a job: its queue there, its handler here, and `enqueue(name, data)` (lib/queue) where
// it is caused unless it only runs on a schedule.

/** What a handler learns about its run. */
export type JobRun = { id: string; attempt: number; lastAttempt: boolean };

type Handlers = { [Name in QueueName]: (data: QueueData[Name], run: JobRun) => Promise<object | void> };

export const JOBS: Handlers = {
  "release-expired-holds": () => releaseExpiredHolds(),

  "retry-refunds": async () => {
    const refunded = await retryPendingRefunds();
    const pending = await countPendingRefunds();
    // failing keeps the retries (with backoff) coming until the provider takes them
    if (pending) throw new Error(`${pending} refund(s) still failing`);
    return { refunded };
  },

  // the hand-off itself happens in the transaction that frees a partner (decisions.md: immediately)
  "hand-out-queued-orders": async () => ({ handedOut: await handOutIfPartnersFree() }),

  "send-mail": ({ id }, run) => deliverQueuedMail(id, run),

  "prune-rider-positions": async () => ({ deleted: await pruneRiderPositions() }),
};
