import "server-only";
import type PgBoss from "pg-boss";
import { log } from "@/lib/log";
import type { QueueName } from "@/lib/queue";
import { JOBS, type JobRun } from "./jobs";

/**
 * Runs one job's handler for pg-boss and says how it went: a failure is thrown back (pg-boss then retries the job
 * with backoff, or fails it for good) after one log line, an error line when this was the last attempt. That line
 * ("job gave up", with `job` and `id`) is the one to alert on; failedJobs() lists the same jobs.
 */
export async function runJob(
  name: QueueName,
  job: PgBoss.JobWithMetadata<object>,
): Promise<object | undefined> {
  const run: JobRun = {
    id: job.id,
    attempt: job.retryCount + 1,
    lastAttempt: job.retryCount >= job.retryLimit,
  };
  const started = Date.now();
  try {
    // pg-boss fails a run that outlasts the job's expiry without telling the handler: fail it a moment earlier
    // here, so that a run that hangs on its last attempt still writes the line below
    const limitMs = Math.max(1, Number(job.expireInSeconds) - 1) * 1000;
    const handler = JOBS[name] as (data: object, run: JobRun) => Promise<object | void>;
    const output = await withinMs(
      handler(job.data, run),
      limitMs,
      `${name} ran longer than ${limitMs / 1000} s`,
    );
    log.debug({ job: name, id: job.id, ms: Date.now() - started }, "job done");
    return output ?? undefined;
  } catch (error) {
    const fields = { err: error, job: name, id: job.id, attempt: run.attempt, ms: Date.now() - started };
    if (run.lastAttempt) log.error(fields, "job gave up");
    else log.warn(fields, "job failed; it will be retried");
    throw error;
  }
}

async function withinMs<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
