import "server-only";
import type PgBoss from "pg-boss";
import { processBoss } from "./boss";
import { queueOptions, type QueueData, type QueueName } from "./queues";

// Queueing a job from anywhere in the app: one insert into pg-boss's table, picked up by whichever worker polls
// first (this process's own, when it runs one, is woken at once).

const ensured = new WeakMap<PgBoss, Map<QueueName, Promise<void>>>();

/** Creates the queue if it does not exist yet and sets its declared retry and expiry options; once per process. */
export function ensureQueue(boss: PgBoss, name: QueueName): Promise<void> {
  let byName = ensured.get(boss);
  if (!byName) ensured.set(boss, (byName = new Map()));
  let done = byName.get(name);
  if (!done) {
    done = (async () => {
      await boss.createQueue(name, queueOptions(name));
      // an existing queue keeps the options it was created with: bring them in line with queues.ts
      await boss.updateQueue(name, queueOptions(name));
    })();
    byName.set(name, done);
    done.catch(() => byName.delete(name));
  }
  return done;
}

const localWorkers = new WeakMap<PgBoss, Map<QueueName, string>>();

/** Remembers which of this process's workers runs a queue, so that enqueue() can wake it. */
export function rememberWorker(boss: PgBoss, name: QueueName, workerId: string): void {
  let byName = localWorkers.get(boss);
  if (!byName) localWorkers.set(boss, (byName = new Map()));
  byName.set(name, workerId);
}

/** Queues one job; returns its id. Throws when the database cannot take it. */
export async function enqueue<Name extends QueueName>(name: Name, data: QueueData[Name]): Promise<string> {
  const boss = await processBoss();
  await ensureQueue(boss, name);
  const id = await boss.send(name, data);
  if (!id) throw new Error(`jobs: ${name} was not queued`);
  const worker = localWorkers.get(boss)?.get(name);
  if (worker) boss.notifyWorker(worker);
  return id;
}
