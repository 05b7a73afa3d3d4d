import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskLru } from "@/lib/media/disk-lru";

// Issue 20 #10: the catalogue image cache is bounded by bytes, least recently used files evicted first.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function tmp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "kwik-lru-"));
  dirs.push(dir);
  return dir;
}

const kb = (n: number, fill = 1) => Buffer.alloc(n * 1024, fill);
const onDisk = async (dir: string) => (await readdir(dir)).sort();
const bytesOnDisk = async (dir: string) => {
  let total = 0;
  for (const f of await readdir(dir)) total += (await stat(path.join(dir, f))).size;
  return total;
};

describe("createDiskLru", () => {
  it("never holds more than its bound, evicting the least recently used first", async () => {
    const dir = await tmp();
    const lru = createDiskLru({ dir, maxBytes: 10 * 1024 });
    for (const name of ["a", "b", "c", "d"]) await lru.write(`${name}.webp`, kb(3));
    expect(await onDisk(dir)).toEqual(["b.webp", "c.webp", "d.webp"]);
    // b is used, so c is now the oldest
    expect((await lru.read("b.webp"))?.length).toBe(3 * 1024);
    await lru.write("e.webp", kb(3));
    expect(await onDisk(dir)).toEqual(["b.webp", "d.webp", "e.webp"]);
    expect(await bytesOnDisk(dir)).toBeLessThanOrEqual(10 * 1024);
    expect(await lru.size()).toBe(9 * 1024);
    expect(await lru.read("a.webp")).toBeNull();
  });

  it("30 different files stay within the bound", async () => {
    const dir = await tmp();
    const lru = createDiskLru({ dir, maxBytes: 20 * 1024 });
    for (let i = 0; i < 30; i++) await lru.write(`f${i}.webp`, kb(4, i));
    expect(await bytesOnDisk(dir)).toBeLessThanOrEqual(20 * 1024);
    expect(await onDisk(dir)).toEqual(["f25.webp", "f26.webp", "f27.webp", "f28.webp", "f29.webp"]);
  });

  it("counts files already in the folder after a restart, oldest modification first", async () => {
    const dir = await tmp();
    const t = Date.now() / 1000;
    for (const [name, age] of [
      ["old.webp", 300],
      ["mid.webp", 200],
      ["new.webp", 100],
    ] as const) {
      await writeFile(path.join(dir, name), kb(4));
      await utimes(path.join(dir, name), t - age, t - age);
    }
    await writeFile(path.join(dir, "x.webp.1234.tmp"), kb(1)); // a write cut short: not counted
    const lru = createDiskLru({ dir, maxBytes: 10 * 1024 });
    expect(await lru.size()).toBe(8 * 1024); // already over: the oldest went at once
    expect(await onDisk(dir)).toEqual(["mid.webp", "new.webp", "x.webp.1234.tmp"]);
    await lru.write("next.webp", kb(2));
    expect(await onDisk(dir)).toEqual(["mid.webp", "new.webp", "next.webp", "x.webp.1234.tmp"]);
    await lru.write("more.webp", kb(2));
    expect(await onDisk(dir)).toEqual(["more.webp", "new.webp", "next.webp", "x.webp.1234.tmp"]);
  });

  it("treats a file another process evicted as a miss", async () => {
    const dir = await tmp();
    const lru = createDiskLru({ dir, maxBytes: 10 * 1024 });
    await lru.write("gone.webp", kb(1));
    await rm(path.join(dir, "gone.webp"));
    expect(await lru.read("gone.webp")).toBeNull();
    expect(await lru.size()).toBe(0);
  });
});
