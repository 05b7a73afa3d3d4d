import "server-only";
import { processBoss } from "./boss";

export type FailedJob = {
  id: string;
  name: string;
  data: unknown;
  /** the last attempt's error message */
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date;
};

type Row = {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date;
  completed_on: Date;
};

/**
 * Jobs that used up their retries, newest first (for an admin's jobs panel; the log has one "job gave up" line for
 * each). pg-boss keeps a failed job in its job table for 12 hours and in its archive for 7 days after that.
 */
export async function failedJobs(options: { name?: string; limit?: number } = {}): Promise<FailedJob[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const boss = await processBoss();
  const columns = "id, name, data, output, retry_count, created_on, completed_on";
  const where = "state = 'failed' AND ($1::text IS NULL OR name = $1)";
  const { rows } = await boss.getDb().executeSql(
    `SELECT * FROM (
       SELECT ${columns} FROM pgboss.job WHERE ${where}
       UNION ALL
       SELECT ${columns} FROM pgboss.archive WHERE ${where}
     ) failed
     ORDER BY completed_on DESC
     LIMIT $2`,
    [options.name ?? null, limit],
  );
  return (rows as Row[]).map((row) => ({
    id: row.id,
    name: row.name,
    data: row.data,
    error: errorMessage(row.output),
    attempts: row.retry_count + 1,
    createdAt: row.created_on,
    failedAt: row.completed_on,
  }));
}

/** pg-boss stores a thrown error as the job's output ({ message, stack }); an expiry as { value: { message } }. */
function errorMessage(output: unknown): string {
  if (output && typeof output === "object") {
    const o = output as { message?: unknown; value?: { message?: unknown } };
    if (typeof o.message === "string") return o.message;
    if (typeof o.value?.message === "string") return o.value.message;
  }
  return output == null ? "" : JSON.stringify(output);
}
