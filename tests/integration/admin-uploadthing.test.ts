import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/file/upload/route";
import { PUT as updateCategoryRoute } from "@/app/api/category/update/route";
import { POST as addCategoryRoute } from "@/app/api/category/add-category/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { sniffImage } from "@/lib/media/image-sniff";
import { deleteCatalogImage, imageStorage, isStoredCatalogImage, storeCatalogImage } from "@/lib/media/uploads";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { startUploadThingFake, type UploadThingFake } from "../fakes/uploadthing-server";

// Catalogue images on UploadThing: the real server SDK (UTApi.uploadFiles / deleteFiles) against a local fake of
// UploadThing's ingest and API servers, chosen through UPLOADTHING_TOKEN, UPLOADTHING_INGEST_URL and
// UPLOADTHING_API_URL exactly as in production.

let fake: UploadThingFake;
let adminToken: string;

beforeAll(async () => {
  fake = await startUploadThingFake();
  // read lazily by lib/env and by the SDK, so setting them before the first call is enough
  process.env.UPLOADTHING_TOKEN = fake.token;
  process.env.UPLOADTHING_API_URL = fake.apiUrl;
  process.env.UPLOADTHING_INGEST_URL = fake.ingestUrl;
  const admin = await prisma.user.create({
    data: { name: "UT Admin", email: uniqueEmail("ut-admin"), passwordHash: "x", role: "ADMIN" },
  });
  adminToken = (await issueTokenPair(admin)).accessToken;
});

afterAll(async () => {
  await fake?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 80 } } }).png().toBuffer();

function upload(bytes: Uint8Array, filename: string, type = "image/png") {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(bytes)], { type }), filename);
  return call(uploadRoute, "POST", "/api/file/upload", undefined, { token: adminToken, raw: form });
}

describe("catalogue images on UploadThing", () => {
  it("is chosen when UPLOADTHING_TOKEN is set", () => {
    expect(imageStorage()).toBe("uploadthing");
  });

  it("uploads through the SDK: a signed PUT to the ingest server with a re-encoded WebP and a server-made name", async () => {
    const res = await upload(await png(2400, 1600), "my holiday photo.png");
    expect(res.status).toBe(201);
    const url = (res.body.data as { url: string }).url;
    expect(url).toMatch(new RegExp(`^https://${fake.appId}\\.ufs\\.sh/f/[A-Za-z0-9]+$`));
    const key = url.split("/f/")[1]!;
    const stored = fake.files.get(key);
    expect(stored).toBeDefined();
    expect(stored!.name).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(stored!.name).not.toContain("holiday");
    expect(stored!.type).toBe("image/webp");
    expect(sniffImage(stored!.bytes)).toBe("webp");
    const meta = await sharp(stored!.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1200);
    expect(fake.requests.some((r) => r.server === "ingest" && r.method === "PUT")).toBe(true);
  });

  it("refuses bad files before anything reaches UploadThing", async () => {
    const before = fake.requests.length;
    const html = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "cat.jpg", "image/jpeg");
    expect(html.status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it("answers 503 (and stores nothing) when UploadThing fails", async () => {
    fake.failNextUpload(500);
    const count = fake.files.size;
    await expect(storeCatalogImage(await png(40, 40))).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(fake.files.size).toBe(count);
  });

  it("deletes through the SDK: POST /v6/deleteFiles with the API key", async () => {
    const url = await storeCatalogImage(await png(64, 64));
    const key = url.split("/f/")[1]!;
    expect(fake.files.has(key)).toBe(true);
    await deleteCatalogImage(url);
    expect(fake.files.has(key)).toBe(false);
    const del = fake.requests.findLast((r) => r.server === "api");
    expect(del).toMatchObject({ method: "POST", path: "/v6/deleteFiles" });
    expect(del!.apiKey).toMatch(/^sk_test_/);
  });

  it("accepts its URLs in forms and deletes a replaced image nothing else uses", async () => {
    const first = await storeCatalogImage(await png(50, 50));
    const second = await storeCatalogImage(await png(60, 60));
    const created = await call(
      addCategoryRoute,
      "POST",
      "/api/category/add-category",
      { name: `UT ${Date.now()}`, image: first },
      { token: adminToken },
    );
    expect(created.status).toBe(201);
    const category = created.body.data as { _id: string; name: string };
    const updated = await call(
      updateCategoryRoute,
      "PUT",
      "/api/category/update",
      { _id: category._id, name: category.name, image: second },
      { token: adminToken },
    );
    expect(updated.status).toBe(200);
    expect(fake.files.has(first.split("/f/")[1]!)).toBe(false);
    expect(fake.files.has(second.split("/f/")[1]!)).toBe(true);
  });

  it("keeps a look-alike host's URL as a foreign image: stored as given, never deleted through the SDK", async () => {
    const res = await call(
      addCategoryRoute,
      "POST",
      "/api/category/add-category",
      { name: `Look-alike ${Date.now()}`, image: "https://evil.example/f/abc" },
      { token: adminToken },
    );
    expect(res.status).toBeLessThan(300);
    expect(isStoredCatalogImage("https://evil.example/f/abc")).toBe(false);
  });
});
