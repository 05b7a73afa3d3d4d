// The embedded PostgreSQL's superuser password: random, made once, kept in DATA_DIR/pg-password (0600, readable by the
// account that runs the shop only). PostgreSQL asks for it on every connection (scram-sha-256), so another local
// user or process cannot log in as the superuser (issue 20 #8). Plain Node, no dependencies: the start script, the
// test harnesses, the benches and admin tools all find the database through it. To choose the password yourself,
// write it to that file before the first start.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const PASSWORD_FILE = "pg-password";

export const embeddedPasswordFile = (dataDir) => path.join(path.resolve(dataDir), PASSWORD_FILE);

function readPassword(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  try {
    chmodSync(file, 0o600); // a copied or hand-written file: keep it private all the same
  } catch {
    // not ours to change (another owner): the owner chose its mode
  }
  const password = text.trim();
  if (!password)
    throw new Error(`${file} is empty: write the embedded PostgreSQL's password in it, or delete it.`);
  return password;
}

/** The password, and whether this call created it (a new random one; `wx`: two processes cannot both create it). */
export function ensureEmbeddedPassword(dataDir) {
  const file = embeddedPasswordFile(dataDir);
  const existing = readPassword(file);
  if (existing !== null) return { password: existing, created: false, file };
  mkdirSync(path.dirname(file), { recursive: true });
  const password = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if (error.code === "EEXIST") return { password: readPassword(file), created: false, file };
    throw error;
  }
  return { password, created: true, file };
}

/** The connection URL of the embedded PostgreSQL of DATA_DIR on this port (creating the password when there is none). */
export function embeddedDatabaseUrl({ dataDir, port, database = "kwikmart" }) {
  const { password } = ensureEmbeddedPassword(dataDir);
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
