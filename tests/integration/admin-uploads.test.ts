import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/file/upload/route";
import { GET as mediaRoute } from "@/app/media/uploads/[...path]/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { sniffImage } from "@/lib/media/image-sniff";
import { imageStorage } from "@/lib/media/uploads";
import { call, uniqueEmail } from "../fakes/accounts-api";

// POST /api/file/upload without UploadThing: files on disk under DATA_DIR/uploads/catalog, checked by their bytes,
// re-encoded and renamed by the server, served by /media/uploads/….

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kwikmart-admin-uploads-"));
process.env.DATA_DIR = dataDir;
delete process.env.UPLOADTHING_TOKEN;
let admin: string;
let shopper: string;

beforeAll(async () => {
  const make = async (role: "ADMIN" | "USER") => {
    const user = await prisma.user.create({
      data: { name: role, email: uniqueEmail(`up-${role.toLowerCase()}`), passwordHash: "x", role },
    });
    return (await issueTokenPair(user)).accessToken;
  };
  admin = await make("ADMIN");
  shopper = await make("USER");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const catalogDir = () => path.join(dataDir, "uploads", "catalog");
const storedFiles = () => (existsSync(catalogDir()) ? readdirSync(catalogDir()) : []);

function upload(bytes: Uint8Array, filename: string, type: string, token: string | null = admin, field = "image") {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return call(uploadRoute, "POST", "/api/file/upload", undefined, { token: token ?? undefined, raw: form });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 20 } } }).png().toBuffer();

describe("POST /api/file/upload (disk)", () => {
  it("stores on disk when UPLOADTHING_TOKEN is unset", () => {
    expect(imageStorage()).toBe("disk");
  });

  it("accepts a PNG, re-encodes it to WebP (at most 1200 px) under a server-generated name, and serves it", async () => {
    const res = await upload(await png(1600, 900), "Tomatoes (fresh).png", "image/png");
    expect(res.status, res.body.message).toBe(201);
    // REST answers carry the shop's pictures absolute, on APP_URL (issue 15, F3/F4); the shop's own pages get the path
    const absolute = (res.body.data as { url: string }).url;
    expect(absolute).toMatch(/^http:\/\/localhost:3000\/media\/uploads\/catalog\/[a-f0-9]{32}\.webp$/);
    const url = new URL(absolute).pathname;
    expect(url).not.toContain("Tomatoes");
    const served = await mediaRoute(new Request(`http://localhost${url}`), {
      params: Promise.resolve({ path: url.split("/").slice(3) }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(sniffImage(bytes)).toBe("webp");
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 675]);
  });

  it("refuses an HTML file renamed .jpg, an SVG, and a GIF (400)", async () => {
    const before = storedFiles().length;
    const html = await upload(Buffer.from("<!doctype html><script>alert(1)</script>"), "photo.jpg", "image/jpeg");
    expect(html.status).toBe(400);
    expect(html.body.message).toBe("Only JPEG, PNG, WebP or AVIF images are accepted");
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      "icon.svg",
      "image/svg+xml",
    );
    expect(svg.status).toBe(400);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).gif().toBuffer();
    expect((await upload(gif, "a.gif", "image/gif")).status).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a 20,000 × 20,000 PNG (413) however small the file", async () => {
    const huge = await sharp({
      create: { width: 20_000, height: 20_000, channels: 3, background: { r: 255, g: 255, b: 255 } },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(huge, "bomb.png", "image/png");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Image must be at most 25 megapixels");
  });

  it("refuses a 6 MB file (413)", async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0);
    (await png(10, 10)).copy(big);
    const res = await upload(big, "big.png", "image/png");
    expect(res.status).toBe(413);
  });

  it("refuses file names that climb paths (400) and stores nothing", async () => {
    const before = storedFiles();
    for (const name of ["../../evil.png", "..\\evil.png", "a/../../b.png", "dir/evil.png"]) {
      const res = await upload(await png(10, 10), name, "image/png");
      expect(res.status, name).toBe(400);
    }
    expect(storedFiles()).toEqual(before);
    expect(existsSync(path.join(dataDir, "evil.png"))).toBe(false);
  });

  it("refuses a missing file, a wrong field and a non-multipart body (400)", async () => {
    expect((await upload(await png(10, 10), "a.png", "image/png", admin, "avatar")).status).toBe(400);
    const json = await call(uploadRoute, "POST", "/api/file/upload", { image: "x" }, { token: admin });
    expect(json.status).toBe(400);
  });

  it("is for admins only: 401 for guests, 403 for shoppers", async () => {
    const before = storedFiles().length;
    expect((await upload(await png(10, 10), "a.png", "image/png", null)).status).toBe(401);
    const res = await upload(await png(10, 10), "a.png", "image/png", shopper);
    expect(res.status).toBe(403);
    expect(storedFiles().length).toBe(before);
  });
});
