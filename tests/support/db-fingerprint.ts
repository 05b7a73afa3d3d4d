import pg from "pg";

// A fingerprint of a whole database: per table, the row count and a sum of 64-bit hashes of its rows (as text), in
// one round trip. The sum needs no sort (it is taken around every call of the fuzz pass, so it must be cheap) and
// still changes when any row is inserted, updated or deleted, barring a 2^-64 collision.

export type Fingerprint = Record<string, string>;

export async function openFingerprinter(databaseUrl: string, options: { exclude: string[] }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => r.table_name).filter((t) => !options.exclude.includes(t));
  const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t}' AS t, count(*)::text || ':' || coalesce(sum(hashtextextended(r::text, 7)::numeric), 0)::text AS f FROM ${quote(t)} r`,
    )
    .join(" UNION ALL ");

  return {
    tables,
    async take(): Promise<Fingerprint> {
      // a named (prepared) statement: planned once, not at every call
      const result = await client.query<{ t: string; f: string }>({ name: "fingerprint", text: sql });
      return Object.fromEntries(result.rows.map((r) => [r.t, r.f]));
    },
    /** Table names whose fingerprint differs. */
    diff(before: Fingerprint, after: Fingerprint): string[] {
      return tables.filter((t) => before[t] !== after[t]);
    },
    close: () => client.end(),
  };
}
