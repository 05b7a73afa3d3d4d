import "server-only";

// The job queue: pg-boss in the shop's own PostgreSQL. Any module may queue a job here; lib/jobs runs them.
export { QUEUES, QUEUE_NAMES, type QueueName, type QueueData, type QueueSettings } from "./queues";
export { enqueue, ensureQueue, rememberWorker } from "./enqueue";
export { failedJobs, type FailedJob } from "./failed";
export { createBoss, processBoss, stopProcessBoss, type BossRole } from "./boss";
