import "server-only";
import { log } from "@/lib/log";
import { startWorker, stopWorker } from "./worker";

// The worker inside the app process, started by instrumentation.ts when the server starts: `npm start` runs the jobs
// with nothing else to run. JOBS=off leaves them to `npm run worker` (several app instances: run one or more workers
// beside them instead of one per instance).

export const jobsInThisProcess = (): boolean => process.env.JOBS?.trim().toLowerCase() !== "off";

/** Starts the worker in the background (the server does not wait for it) and stops it when the app stops. */
export function startJobsWithTheApp(): void {
  if (!jobsInThisProcess()) {
    log.info("jobs: not run in this process (JOBS=off); `npm run worker` runs them");
    return;
  }
  let stopped: Promise<void> | undefined;
  const onSignal = () => {
    if (stopped) return;
    stopped = stopWorker().catch((error: unknown) =>
      log.error({ err: error }, "jobs: stopping the worker failed"),
    );
    holdExitUntil(stopped);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  void startWorker().catch((error: unknown) =>
    log.error(
      { err: error },
      "jobs: the worker did not start; no jobs run in this process until it restarts",
    ),
  );
}

/**
 * Next's own handler for SIGTERM/SIGINT closes the server, lets the requests in flight finish and then calls
 * process.exit(), which would cut a running job off mid-run (it would be retried, but minutes later). This holds that
 * exit until `stopped` settles: the worker's running jobs have finished or, after STOP_TIMEOUT_MS, were handed back.
 */
export function holdExitUntil(stopped: Promise<unknown>): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const go = () => exit(code ?? undefined);
    void stopped.then(go, go);
  }) as typeof process.exit;
}
