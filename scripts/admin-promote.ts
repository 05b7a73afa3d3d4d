// `npm run admin:promote -- <email>`: gives the account with this e-mail the ADMIN role.
// Plain Node (no Next, no `server-only` modules): talks to PostgreSQL with `pg`. With DATABASE_URL unset it uses
// the embedded PostgreSQL of `npm start` (running or not) from DATA_DIR. A role change is written to the audit log
// in the same transaction (actor: none, "script:admin:promote"; lib/audit cannot be used here: it is `server-only`).
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl, startEmbeddedPostgres } from "./db/embedded.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");

/** The audit log's actor for this script (lib/audit/kinds.ts, ADMIN_PROMOTE_ACTOR). */
const SCRIPT_ACTOR = "script:admin:promote";

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  let url = process.env.DATABASE_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!url) {
    const port = Number(process.env.EMBEDDED_PG_PORT || 54329);
    const dataDir = path.resolve(process.env.DATA_DIR || ".data");
    // a running shop's embedded database, with the password it keeps in DATA_DIR/pg-password
    url = embeddedDatabaseUrl({ dataDir, port });
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await probe.connect();
      await probe.end();
    } catch {
      embedded = await startEmbeddedPostgres({ dataDir, port });
      url = embedded.url;
    }
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return await run(client);
  } finally {
    await client.end().catch(() => {});
    await embedded?.stop();
  }
}

async function main(): Promise<number> {
  const raw = process.argv.slice(2).find((a) => !a.startsWith("-"));
  const email = raw?.trim().toLowerCase();
  if (!email || !email.includes("@")) {
    console.error("usage: npm run admin:promote -- <email>");
    return 1;
  }
  const row = await withDatabase(async (client) => {
    await client.query("BEGIN");
    try {
      const result = await client.query<{ id: string; role: string; status: string }>(
        `UPDATE "User" u SET "role" = 'ADMIN', "updatedAt" = now()
           FROM "User" old WHERE u.id = old.id AND u."email" = $1
         RETURNING u.id, old."role" AS role, u."status" AS status`,
        [email],
      );
      const found = result.rows[0];
      if (found && found.role !== "ADMIN") {
        await client.query(
          `INSERT INTO "AuditLog" ("id", "actorId", "actorEmail", "action", "subjectType", "subjectId", "subjectLabel",
                                   "before", "after")
           VALUES ($1, NULL, $2, 'user.role', 'user', $3, $4, $5, $6)`,
          [
            randomUUID().replaceAll("-", ""),
            SCRIPT_ACTOR,
            found.id,
            email,
            JSON.stringify({ role: found.role }),
            JSON.stringify({ role: "ADMIN" }),
          ],
        );
      }
      await client.query("COMMIT");
      return found;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  });
  if (!row) {
    console.error(
      `admin:promote: no account with the e-mail ${email}; register it first, then run this again.`,
    );
    return 1;
  }
  const note = row.status === "ACTIVE" ? "" : ` (note: the account is ${row.status})`;
  console.log(
    row.role === "ADMIN"
      ? `admin:promote: ${email} is already an admin${note}`
      : `admin:promote: ${email} is now an admin; the role applies at once, no new login needed${note}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin:promote: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
