import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CATALOG_SHAPES,
  catalogImageName,
  catalogImagePath,
  getCatalogImage,
  parseCatalogImageName,
  renderCatalogImage,
} from "@/lib/media/catalog-image";

// Which names the catalogue uses is a database question (tests/security/catalog-media.db.test.ts covers it); here
// every well-formed name counts as used.
vi.mock("@/lib/media/catalog-references", () => ({ isReferencedCatalogImage: async () => true }));

describe("catalogue image names", () => {
  it("accept a valid spec, with or without .webp", () => {
    expect(parseCatalogImageName("1f95b-pouch-e85d04-1.webp")).toEqual({
      emoji: ["1f95b"],
      shape: "pouch",
      color: "e85d04",
      variant: 1,
    });
    expect(parseCatalogImageName("2615-jar-3e2723-2")).toEqual({
      emoji: ["2615"],
      shape: "jar",
      color: "3e2723",
      variant: 2,
    });
    expect(parseCatalogImageName("1f95b_1f35e_1f95a-group-fbc02d-1.webp")?.emoji).toEqual([
      "1f95b",
      "1f35e",
      "1f95a",
    ]);
  });

  it("round-trip every shape through name and path", () => {
    for (const shape of CATALOG_SHAPES) {
      const spec = {
        emoji: shape === "group" ? ["1f34e", "1f955"] : ["1f34e"],
        shape,
        color: "43a047",
        variant: 2 as const,
      };
      expect(parseCatalogImageName(catalogImageName(spec))).toEqual(spec);
      expect(catalogImagePath(spec)).toBe(`/media/catalog/${catalogImageName(spec)}.webp`);
    }
  });

  it("reject paths and traversal", () => {
    for (const bad of [
      "../x",
      "..%2Fx",
      "../1f95b-pouch-e85d04-1.webp",
      "a/1f95b-pouch-e85d04-1.webp",
      "1f95b-pouch-e85d04-1.webp/..",
      "",
    ]) {
      expect(parseCatalogImageName(bad), bad).toBeNull();
    }
  });

  it("reject unknown shapes, bad colours, bad variants and emoji counts", () => {
    for (const bad of [
      "1f95b-bag-e85d04-1", // unknown shape
      "1f95b-POUCH-e85d04-1",
      "1f95b-pouch-E85D04-1", // upper-case colour: one picture, one name
      "1f95b-pouch-e85d0-1", // five digits
      "1f95b-pouch-e85d04a-1",
      "1f95b-pouch-zz5d04-1",
      "1f95b-pouch-#e85d04-1",
      "1f95b-pouch-e85d04-3", // variant
      "1f95b-pouch-e85d04",
      "1f95b-pouch-e85d04-1.png",
      "1F95B-pouch-e85d04-1",
      "1f95b_1f35e-pouch-e85d04-1", // packs carry one emoji
      "1f95b-group-e85d04-1", // groups carry two or three
      "1f95b_1f35e_1f95a_1f34e-group-e85d04-1",
    ]) {
      expect(parseCatalogImageName(bad), bad).toBeNull();
    }
  });

  it("refuse to build a name that would not parse", () => {
    expect(() =>
      catalogImageName({ emoji: ["../x"], shape: "plain", color: "ffffff", variant: 1 }),
    ).toThrow();
  });
});

describe("catalogue image rendering", () => {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "kwik-media-"));
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("draws a 400×400 WebP card", async () => {
    const spec = parseCatalogImageName("1f954-pouch-e85d04-2.webp");
    expect(spec).not.toBeNull();
    const image = await renderCatalogImage(spec!);
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
  });

  it("serves a known name, caches it on disk, and gives null for unknown ones", async () => {
    const first = await getCatalogImage("1f95b-carton-1e88e5-1.webp");
    expect(first?.length).toBeGreaterThan(1000);
    expect(await readdir(path.join(dataDir, "media-cache"))).toEqual(["1f95b-carton-1e88e5-1.webp"]);
    expect((await getCatalogImage("1f95b-carton-1e88e5-1.webp"))?.equals(first!)).toBe(true);

    expect(await getCatalogImage("1f95b-carton-1e88e5-1")).toBeNull(); // only the stored form
    expect(await getCatalogImage("ffff-plain-1e88e5-1.webp")).toBeNull(); // emoji not shipped
    expect(await getCatalogImage("../../etc/passwd")).toBeNull();
  });
});
