import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

// A folder of generated files kept under a size bound, least recently used evicted first (the catalogue image cache,
// DATA_DIR/media-cache). The index (name → size, in use order) lives in memory; it is built once from the folder, in
// the order of the files' modification times, and a hit moves a file's mtime forward (at most once an hour per file)
// so the order survives a restart. Several processes may share the folder: each keeps its own index, a file another
// one evicted is simply a miss, and the bound holds per process (within one file's size of it).

const TOUCH_EVERY_MS = 60 * 60_000;

type Entry = { size: number; touchedAt: number };

export type DiskLru = {
  /** The file's bytes, or null when it is not cached; a hit counts as a use. */
  read(name: string): Promise<Buffer | null>;
  /** Stores the bytes under `name` (write then rename, so no reader sees half a file) and evicts past the bound. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** Bytes held, by this process's index. */
  size(): Promise<number>;
};

/** `name` must already be validated by the caller: it is joined to `dir` as is. */
export function createDiskLru({ dir, maxBytes }: { dir: string; maxBytes: number }): DiskLru {
  const entries = new Map<string, Entry>(); // insertion order = use order, oldest first
  let total = 0;
  let scanned: Promise<void> | undefined;

  const scan = () =>
    (scanned ??= (async () => {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return; // no folder yet
      }
      const found: { name: string; size: number; mtime: number }[] = [];
      for (const name of names) {
        if (name.endsWith(".tmp")) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) found.push({ name, size: info.size, mtime: info.mtimeMs });
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) remember(f.name, f.size, f.mtime);
      await evict();
    })());

  function remember(name: string, size: number, touchedAt: number) {
    const old = entries.get(name);
    if (old) {
      total -= old.size;
      entries.delete(name);
    }
    entries.set(name, { size, touchedAt });
    total += size;
  }

  function forget(name: string) {
    const old = entries.get(name);
    if (!old) return;
    total -= old.size;
    entries.delete(name);
  }

  async function evict() {
    for (const [name] of entries) {
      if (total <= maxBytes) return;
      forget(name);
      await rm(path.join(dir, name), { force: true }).catch(() => undefined);
    }
  }

  return {
    async read(name) {
      await scan();
      let bytes: Buffer;
      try {
        bytes = await readFile(path.join(dir, name));
      } catch {
        forget(name); // evicted by another process, or never there
        return null;
      }
      const now = Date.now();
      const entry = entries.get(name);
      remember(name, bytes.length, entry?.touchedAt ?? 0);
      if (now - (entry?.touchedAt ?? 0) > TOUCH_EVERY_MS) {
        entries.get(name)!.touchedAt = now;
        void utimes(path.join(dir, name), new Date(now), new Date(now)).catch(() => undefined);
      }
      // a file another process wrote counts against this bound too
      if (!entry) await evict();
      return bytes;
    },

    async write(name, bytes) {
      await scan();
      const file = path.join(dir, name);
      const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(tmp, bytes);
        await rename(tmp, file);
      } catch {
        // A read-only or full disk only costs a re-render next time.
        await rm(tmp, { force: true }).catch(() => undefined);
        return;
      }
      remember(name, bytes.length, Date.now());
      await evict();
    },

    async size() {
      await scan();
      return total;
    },
  };
}
