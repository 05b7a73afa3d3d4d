import "server-only";
import type PgBoss from "pg-boss";
import { log } from "@/lib/log";
import {
  ensureQueue,
  processBoss,
  QUEUE_NAMES,
  QUEUES,
  rememberWorker,
  stopProcessBoss,
  type QueueName,
} from "@/lib/queue";
import { runJob } from "./run";

// The worker: runs every job and keeps the schedules of lib/queue/queues.ts. It runs inside the app
// (instrumentation.ts) or on its own (`npm run worker`); any number of them may run against one database at once.

/** How long a stopping worker lets running jobs finish; below the 35 s after which `npm start` kills the app. */
export const STOP_TIMEOUT_MS = 15_000;

/** Starts this process's worker. */
export async function startWorker(): Promise<PgBoss> {
  const boss = await processBoss("worker");
  await runWorkers(boss);
  log.info({ jobs: QUEUE_NAMES }, "jobs: worker started");
  return boss;
}

/** Stops this process's worker (graceful: running jobs get STOP_TIMEOUT_MS to finish). */
export async function stopWorker(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  await stopProcessBoss(timeoutMs);
}

/**
 * Sets up every queue and schedule on a started pg-boss and works the jobs. `options` are for tests: a quicker poll,
 * or work only some of the jobs.
 */
export async function runWorkers(
  boss: PgBoss,
  options: { pollingIntervalSeconds?: number; only?: QueueName[] } = {},
): Promise<void> {
  for (const name of QUEUE_NAMES) await ensureQueue(boss, name);
  await keepSchedules(boss);
  for (const name of options.only ?? QUEUE_NAMES) {
    const workerId = await boss.work<object>(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? QUEUES[name].pollingIntervalSeconds,
      },
      async ([job]) => (job ? runJob(name, job) : undefined),
    );
    rememberWorker(boss, name, workerId);
  }
}

/** Writes the schedules of queues.ts, and drops any schedule whose queue no longer has one (an older version's). */
async function keepSchedules(boss: PgBoss): Promise<void> {
  for (const name of QUEUE_NAMES) {
    const { schedule } = QUEUES[name];
    if (schedule) await boss.schedule(name, schedule, {}, { tz: "UTC" });
  }
  for (const { name } of await boss.getSchedules()) {
    if (!QUEUES[name as QueueName]?.schedule) await boss.unschedule(name);
  }
}
