import pg from "pg";

/** Checks that DATABASE_URL is well-formed and its server answers; throws one clear sentence otherwise. */
export async function checkDatabaseUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL is not a valid URL ("${redact(url)}"): use postgresql://user:password@host:5432/database, or unset it to use the embedded database.`);
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) {
    throw new Error(`DATABASE_URL must start with postgresql:// (got "${parsed.protocol}//"), or be unset to use the embedded database.`);
  }
  const where = `${parsed.hostname}:${parsed.port || 5432}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const code = error.code ? ` (${error.code})` : "";
    const hint =
      error.code === "3D000"
        ? "create the database first"
        : error.code === "28P01" || error.code === "28000"
          ? "check the user and password in DATABASE_URL"
          : "start PostgreSQL there or fix DATABASE_URL";
    throw new Error(`Cannot use the database at ${where}${code}: ${error.message}; ${hint}.`);
  } finally {
    await client.end().catch(() => {});
  }
}

export function redact(url) {
  return String(url).replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
