import "server-only";

// Jobs: deferred and scheduled work on pg-boss (lib/queue), in the shop's own PostgreSQL, never on a shopper's
// request. jobs.ts says what each does; the worker runs them (in the app, or `npm run worker`).
export { JOBS, type JobRun } from "./jobs";
export { startWorker, stopWorker, runWorkers, STOP_TIMEOUT_MS } from "./worker";
export { startJobsWithTheApp, jobsInThisProcess } from "./in-process";
