import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// Issue 20 #10: /media/catalog/ drew any well-formed name with sharp and kept it on disk forever (30 requests → 30
// new files). Now only names the catalogue uses are drawn; any other is a 404 that draws and writes nothing; and the
// cache folder is bounded by MEDIA_CACHE_MAX_MB, least recently used pictures evicted first.

// Before any import reads the environment: a cache folder of this file's own, bounded at 20 kB (3 to 5 pictures).
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/kwik-media-sec-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  process.env.MEDIA_CACHE_MAX_MB = "0.02";
  return dir;
});

const { GET } = await import("@/app/media/catalog/[file]/route");
const { prisma } = await import("@/lib/db");
const { forgetCatalogReferences } = await import("@/lib/media/catalog-references");

const cacheDir = path.join(dataDir, "media-cache");
const BOUND = Math.round(0.02 * 1024 * 1024);
// emoji that ship in assets/emoji, in colours the demo seed never uses
const USED = ["1f330", "1f331", "1f334", "1f336", "1f338", "1f33d"].map((e) => `${e}-plain-0a0b0c-1.webp`);
const productIds: string[] = [];

async function useInCatalogue(images: string[]) {
  const product = await prisma.product.create({
    data: {
      name: `Media test ${productIds.length}`,
      images: images.map((f) => `/media/catalog/${f}`),
      unit: "1 pc",
      stock: 0,
      pricePaise: 100,
      description: "media test",
      published: false,
    },
    select: { id: true },
  });
  productIds.push(product.id);
}

const get = async (file: string) => {
  const res = await GET(new Request(`http://localhost/media/catalog/${file}`), {
    params: Promise.resolve({ file }),
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: (await res.arrayBuffer()).byteLength,
  };
};
const cached = async () =>
  (await readdir(cacheDir).catch(() => [] as string[])).filter((f) => !f.endsWith(".tmp"));
const cachedBytes = async () => {
  let total = 0;
  for (const f of await cached()) total += (await stat(path.join(cacheDir, f))).size;
  return total;
};

afterAll(async () => {
  await prisma.product.deleteMany({ where: { id: { in: productIds } } });
  await rm(dataDir, { recursive: true, force: true });
});

describe("/media/catalog/ (issue 20 #10)", () => {
  it("answers 404 to well-formed names the catalogue does not use, drawing and writing nothing", async () => {
    await useInCatalogue(USED.slice(0, 1));
    forgetCatalogReferences();
    const made = Array.from({ length: 30 }, (_, i) => `1f330-plain-${(0x100000 + i).toString(16)}-1.webp`);
    for (const file of made) expect((await get(file)).status, file).toBe(404);
    expect(await get("1f331-plain-0a0b0c-2.webp")).toMatchObject({ status: 404 }); // a used name's other variant
    expect(await cached()).toEqual([]);
  });

  it("draws a name the catalogue uses, and serves it from the cache after", async () => {
    const first = await get(USED[0]!);
    expect(first).toMatchObject({ status: 200, type: "image/webp" });
    expect(first.bytes).toBeGreaterThan(1000);
    expect(await cached()).toEqual([USED[0]]);
    expect(await get(USED[0]!)).toEqual(first);
  });

  it("picks up a picture the catalogue starts using, without a query per unknown name", async () => {
    const file = USED[1]!;
    expect((await get(file)).status).toBe(404);
    await useInCatalogue([file]);
    // the names were read a moment ago: an unknown name does not reload them at once (a flood costs nothing)…
    expect((await get(file)).status).toBe(404);
    // …but a few seconds later it does
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 11_000);
    try {
      expect((await get(file)).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it("keeps the cache folder within MEDIA_CACHE_MAX_MB, evicting the least recently used picture", async () => {
    await useInCatalogue(USED);
    forgetCatalogReferences();
    for (const file of USED) {
      expect((await get(file)).status, file).toBe(200);
      expect(await cachedBytes()).toBeLessThanOrEqual(BOUND);
    }
    const kept = await cached();
    expect(kept.length).toBeLessThan(USED.length);
    expect(kept).toContain(USED.at(-1));
    expect(kept).not.toContain(USED[0]);
    // an evicted picture is drawn again on demand
    expect((await get(USED[0]!)).status).toBe(200);
    expect(await cachedBytes()).toBeLessThanOrEqual(BOUND);
  });
});
