import pg from "pg";

/**
 * The database behind the server under test: the embedded PostgreSQL that `npm start` brings up for the suite
 * (playwright.config.ts, on E2E_PG_PORT), or E2E_DATABASE_URL when the suite runs against a server you started yourself.
 */
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ??
  `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? "25439"}/kwikmart`;

/** Runs one query on a short-lived connection. */
export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The 6-digit code of the newest password-reset mail to `email` sent at or after `since` (the mail goes out
 * after the response, so this polls for a few seconds).
 */
export async function readResetCode(email: string, since: Date, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await query<{ text: string }>(
      `SELECT "text" FROM "MailOutbox"
        WHERE "to" = $1 AND "subject" ILIKE '%password reset code%' AND "createdAt" >= $2
        ORDER BY "createdAt" DESC LIMIT 1`,
      [email.toLowerCase(), new Date(since.getTime() - 1_000)],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? "")?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no password reset code e-mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The invitation link (`…/partner/invite/<token>`) of the newest partner invitation mailed to `email` (issue 17), read
 * from the outbox table (the outbox page hides the token). Polls for a few seconds.
 */
export async function readPartnerInvite(
  email: string,
  timeoutMs = 10_000,
  app: "partner" | "store" = "partner",
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await query<{ text: string }>(
      `SELECT "text" FROM "MailOutbox"
        WHERE "to" = $1 AND "subject" ILIKE '%set your password%'
        ORDER BY "createdAt" DESC LIMIT 1`,
      [email.toLowerCase()],
    );
    const link = new RegExp(`https?://\\S+/${app}/invite/[A-Za-z0-9_-]+`).exec(rows[0]?.text ?? "")?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${app} invitation e-mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
