import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../scripts/db/embedded.mjs";
import { listMigrations, migrate } from "../../scripts/db/migrator.mjs";
import { freePort } from "../support/free-port";

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("the migrator on this run's database", () => {
  it("has applied every migration and records them as Prisma does", async () => {
    const url = process.env.DATABASE_URL!;
    const rows = await query(url, `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"`);
    const expected = await listMigrations();
    expect(rows.map((r) => r.migration_name).sort()).toEqual(expected.map((m) => m.name));
    for (const m of expected) {
      expect(rows.find((r) => r.migration_name === m.name)?.checksum).toBe(m.checksum);
    }
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });

  it("applies nothing a second time", async () => {
    expect(await migrate(process.env.DATABASE_URL!)).toEqual([]);
  });
});

describe("the embedded database", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("starts, migrates, restarts without applying anything and keeps its data", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "kwikmart-embedded-"));
    dirs.push(dataDir);
    const port = await freePort();

    const first = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(first.fresh).toBe(true);
      expect((await migrate(first.url)).length).toBeGreaterThan(0);
      await query(
        first.url,
        `INSERT INTO "Category" (id, name, "nameKey", image, "updatedAt") VALUES ('keep1', 'Kept', 'kept', '/x.webp', now())`,
      );
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(second.fresh).toBe(false);
      expect(await migrate(second.url)).toEqual([]);
      const rows = await query(second.url, `SELECT name FROM "Category" WHERE id = 'keep1'`);
      expect(rows).toEqual([{ name: "Kept" }]);
      const [{ server_version: version }] = await query(second.url, "SHOW server_version");
      expect(version).toMatch(/^18\./);
    } finally {
      await second.stop();
    }
  });

  it("refuses a port in use with one clear sentence", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "kwikmart-embedded-"));
    dirs.push(dataDir);
    const net = await import("node:net");
    const blocker = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const port = (blocker.address() as import("node:net").AddressInfo).port;
    try {
      await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(
        new RegExp(`Port ${port} is already in use.*EMBEDDED_PG_PORT`),
      );
    } finally {
      blocker.close();
    }
  });
});
