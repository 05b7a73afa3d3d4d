import "server-only";
import PgBoss from "pg-boss";
import { log } from "@/lib/log";

// pg-boss keeps the job queue in the shop's own PostgreSQL (DATABASE_URL), in a schema `pgboss` that it creates and
// migrates itself on first start: no other server, the embedded database works as it is, and every app instance on
// the database shares one queue (a job is taken by one worker only: FOR UPDATE SKIP LOCKED).

/** A sender only writes jobs (an app instance with JOBS=off); a worker also runs them, their schedules and upkeep. */
export type BossRole = "sender" | "worker";

export function createBoss(role: BossRole, overrides: PgBoss.ConstructorOptions = {}): PgBoss {
  const worker = role === "worker";
  const boss = new PgBoss({
    connectionString: process.env.DATABASE_URL,
    schema: "pgboss",
    application_name: `kwikmart-jobs-${role}`,
    // a sender writes one job at a time; a worker polls a few queues, each one query at a time
    max: worker ? 4 : 2,
    // supervise: fail (and so retry) jobs whose worker died, archive and delete old ones; schedule: turn the cron
    // schedules into jobs. Only where jobs run, so that a JOBS=off instance keeps no timers at all.
    supervise: worker,
    schedule: worker,
    maintenanceIntervalSeconds: 60,
    ...overrides,
  });
  // pg-boss reports a lost connection or a failed poll as an 'error' event and keeps going; an EventEmitter with no
  // listener would throw it and end the process instead
  boss.on("error", reportError);
  return boss;
}

let lastError = { message: "", at: 0 };

function reportError(error: Error): void {
  // while PostgreSQL restarts every poller fails every few seconds: one line per distinct message per 30 s
  const now = Date.now();
  if (error.message === lastError.message && now - lastError.at < 30_000) return;
  lastError = { message: error.message, at: now };
  log.warn({ err: error }, "jobs: pg-boss reported an error (it keeps retrying)");
}

type Held = { role: BossRole; started: Promise<PgBoss> };
// one per process, surviving hot reloads in development like the Prisma client
const holder = globalThis as unknown as { kwikmartBoss?: Held };

/**
 * This process's pg-boss, started on first use: as a sender (queueing only) unless `startWorker()` asked for it as the
 * worker first, which it does at start-up before anything is queued.
 */
export function processBoss(role: BossRole = "sender"): Promise<PgBoss> {
  const held = holder.kwikmartBoss;
  if (held) {
    if (role === "worker" && held.role !== "worker") {
      throw new Error(
        "jobs: this process already queues jobs without running them; start the worker before queueing",
      );
    }
    return held.started;
  }
  const started = createBoss(role).start();
  holder.kwikmartBoss = { role, started };
  // a failed start (database down) is tried again on the next use rather than remembered
  started.catch(() => {
    if (holder.kwikmartBoss?.started === started) holder.kwikmartBoss = undefined;
  });
  return started;
}

/** The role of this process's pg-boss, if it has one. */
export const processBossRole = (): BossRole | undefined => holder.kwikmartBoss?.role;

/**
 * Stops this process's pg-boss: no new jobs are taken, running ones get up to `timeoutMs` to finish (after that they
 * are marked failed, so another worker retries them), then its connections close.
 */
export async function stopProcessBoss(timeoutMs: number): Promise<void> {
  const held = holder.kwikmartBoss;
  if (!held) return;
  holder.kwikmartBoss = undefined;
  const boss = await held.started.catch(() => null);
  await boss?.stop({ graceful: true, timeout: timeoutMs });
}
