import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as changePasswordRoute } from "@/app/api/user/change-password/route";
import { DELETE as deleteAccountRoute } from "@/app/api/user/delete-account/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as refreshRoute } from "@/app/api/user/refresh-token/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { PUT as updateUserRoute } from "@/app/api/user/update-user/route";
import { PUT as uploadAvatarRoute } from "@/app/api/user/upload-avatar/route";
import { GET as userDetailsRoute } from "@/app/api/user/user-details/route";
import { GET as mediaRoute } from "@/app/media/uploads/[...path]/route";
import { prisma } from "@/lib/db";
import { flushMail, listOutbox } from "@/lib/mail";
import { sniffImage } from "@/lib/media/image-sniff";
import { call, uniqueEmail } from "../fakes/accounts-api";

const PASSWORD = "profile password 1";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kwikmart-accounts-"));
// Uploads go to a throwaway DATA_DIR (read lazily by lib/env, before any upload happens).
process.env.DATA_DIR = dataDir;

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});
afterAll(async () => {
  await flushMail();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shopper() {
  const email = uniqueEmail("profile");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Kiran",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status).toBe(201);
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  const tokens = res.body.data as { accesstoken: string; refreshToken: string };
  return {
    email,
    id: (reg.body.data as { _id: string })._id,
    token: tokens.accesstoken,
    refreshToken: tokens.refreshToken,
  };
}

const update = (token: string, body: unknown) =>
  call(updateUserRoute, "PUT", "/api/user/update-user", body, { token });

function upload(token: string, bytes: Uint8Array, filename: string, type: string, field = "avatar") {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return call(uploadAvatarRoute, "PUT", "/api/user/upload-avatar", undefined, { token, raw: form });
}

describe("update-user", () => {
  it("updates name, e-mail and a normalised mobile, ignoring role and password", async () => {
    const me = await shopper();
    const res = await update(me.token, {
      name: "Kiran Kumar",
      email: me.email,
      mobile: "+91 98765 43210",
      role: "ADMIN",
      password: "hacked hacked",
      status: "ACTIVE",
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Kiran Kumar", mobile: "9876543210", role: "USER" });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(user.role).toBe("USER");
    expect(user.mobile).toBe("9876543210");
    expect((await call(loginRoute, "POST", "/x", { email: me.email, password: PASSWORD })).status).toBe(200);
  });

  it("accepts 0-prefixed numbers and refuses bad ones with a clear message", async () => {
    const me = await shopper();
    expect(
      (await update(me.token, { name: "K", email: me.email, mobile: "098765 43210" })).body.data,
    ).toMatchObject({
      mobile: "9876543210",
    });
    for (const mobile of ["12345", "5876543210", "+1 555 0100", "abcdefghij"]) {
      const res = await update(me.token, { name: "K", email: me.email, mobile });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Enter a valid 10-digit mobile number");
    }
  });

  it("requires name, email and mobile and refuses bad bodies with 400", async () => {
    const me = await shopper();
    expect((await update(me.token, { email: me.email, mobile: "9876543210" })).body.message).toBe(
      "Name is required",
    );
    expect((await update(me.token, { name: "K", mobile: "9876543210" })).status).toBe(400);
    expect((await update(me.token, { name: "K", email: me.email })).body.message).toBe("Mobile is required");
    expect((await update(me.token, { name: ["K"], email: me.email, mobile: "9876543210" })).status).toBe(400);
    const notJson = await call(updateUserRoute, "PUT", "/x", undefined, { token: me.token, raw: "name=K" });
    expect(notJson.status).toBe(400);
    expect((await update("", { name: "K", email: me.email, mobile: "9876543210" })).status).toBe(401);
  });

  it("refuses an e-mail that another account uses (409) and switches a changed one only once it is confirmed", async () => {
    const me = await shopper();
    const other = await shopper();
    const taken = await update(me.token, {
      name: "K",
      email: other.email.toUpperCase(),
      mobile: "9876543210",
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("An account with this email already exists");

    await prisma.user.update({ where: { id: me.id }, data: { verifyEmail: true } });
    const fresh = uniqueEmail("moved");
    const moved = await update(me.token, {
      name: "K",
      email: fresh,
      mobile: "9876543210",
      currentPassword: PASSWORD,
    });
    expect(moved.status).toBe(200);
    // issue 20 #4: the account keeps its e-mail until the link sent to the new address is opened
    expect(moved.body.data).toMatchObject({ email: me.email, verify_email: true, pending_email: fresh });
    await flushMail();
    expect((await listOutbox({ to: fresh }))[0]?.subject).toMatch(/Confirm your new e-mail/);
  });
});

describe("upload-avatar", () => {
  it("stores a real PNG as a 256×256 WebP, saves the URL and serves it", async () => {
    const me = await shopper();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    const res = await upload(me.token, png, "me.png", "image/png");
    expect(res.status, res.body.message).toBe(200);
    // REST answers carry the shop's pictures absolute, on APP_URL (issue 15, F3/F4); the stored URL is the path
    const absolute = (res.body.data as { avatar: string }).avatar;
    expect(absolute).toMatch(/^http:\/\/localhost:3000\/media\/uploads\/avatars\/[a-f0-9]{32}\.webp$/);
    const url = new URL(absolute).pathname;
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).avatar).toBe(url);

    const segments = url.replace("/media/uploads/", "").split("/");
    const served = await mediaRoute(new Request(`http://localhost${url}`), {
      params: Promise.resolve({ path: segments }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(sniffImage(bytes)).toBe("webp");
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    const details = await call(userDetailsRoute, "GET", "/x", undefined, { token: me.token });
    expect((details.body.data as { avatar: string }).avatar).toBe(absolute);

    // a second upload replaces the file
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#e76f51" } })
      .jpeg()
      .toBuffer();
    const second = await upload(me.token, jpeg, "me.jpg", "image/jpeg");
    expect(second.status).toBe(200);
    const gone = await mediaRoute(new Request(`http://localhost${url}`), {
      params: Promise.resolve({ path: segments }),
    });
    expect(gone.status).toBe(404);
  });

  it("rejects an HTML file renamed .jpg, a 6 MB file, and a missing field", async () => {
    const me = await shopper();
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const fake = await upload(me.token, html, "cat.jpg", "image/jpeg");
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe("Only JPEG, PNG, WebP or AVIF images are accepted");

    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await upload(me.token, big, "big.png", "image/png");
    expect(tooBig.status).toBe(413);

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload(me.token, png, "x.png", "image/png", "image")).status).toBe(400);
    const notMultipart = await call(uploadAvatarRoute, "PUT", "/x", { avatar: "x" }, { token: me.token });
    expect(notMultipart.status).toBe(400);
    expect((await upload("", png, "x.png", "image/png")).status).toBe(401);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).avatar).toBe("");
  });

  it("refuses a PNG header over garbage and an image above 25 megapixels", async () => {
    const me = await shopper();
    const garbage = new Uint8Array(2048);
    garbage.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(me.token, garbage, "x.png", "image/png")).status).toBe(400);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(me.token, huge, "huge.png", "image/png")).status).toBe(413);
  });
});

describe("media route", () => {
  it("refuses traversal and odd names", async () => {
    for (const segments of [
      ["..", "..", "package.json"],
      ["avatars", "..%2F..%2Fpackage.json"],
      ["avatars", "../../../etc/passwd"],
      ["avatars", "x.html"],
      ["avatars", ".hidden.webp"],
      ["avatars"],
      ["AVATARS", "a.webp"],
      ["avatars", "nope.webp"],
    ]) {
      const res = await mediaRoute(new Request("http://localhost/media/uploads/x"), {
        params: Promise.resolve({ path: segments }),
      });
      expect(res.status, segments.join("/")).toBe(404);
    }
  });
});

describe("change-password", () => {
  it("needs the current password, ends other sessions and hands a bearer caller fresh tokens", async () => {
    const me = await shopper();
    const other = (await call(loginRoute, "POST", "/x", { email: me.email, password: PASSWORD })).body
      .data as {
      accesstoken: string;
      refreshToken: string;
    };
    const wrong = await call(
      changePasswordRoute,
      "PUT",
      "/x",
      { currentPassword: "not it at all", newPassword: "brand new pass", confirmPassword: "brand new pass" },
      { token: me.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Current password is not correct");
    const missing = await call(
      changePasswordRoute,
      "PUT",
      "/x",
      { newPassword: "brand new pass", confirmPassword: "brand new pass" },
      { token: me.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Current password is required");
    const mismatch = await call(
      changePasswordRoute,
      "PUT",
      "/x",
      { currentPassword: PASSWORD, newPassword: "brand new pass", confirmPassword: "brand new pas" },
      { token: me.token },
    );
    expect(mismatch.body.message).toBe("New password and confirm password must be same.");

    const res = await call(
      changePasswordRoute,
      "PUT",
      "/x",
      { currentPassword: PASSWORD, newPassword: "brand new pass", confirmPassword: "brand new pass" },
      { token: me.token },
    );
    expect(res.status, res.body.message).toBe(200);
    const fresh = res.body.data as { accesstoken: string; refreshToken: string };
    expect((await call(userDetailsRoute, "GET", "/x", undefined, { token: other.accesstoken })).status).toBe(
      401,
    );
    expect((await call(userDetailsRoute, "GET", "/x", undefined, { token: me.token })).status).toBe(401);
    expect((await call(refreshRoute, "POST", "/x", { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await call(userDetailsRoute, "GET", "/x", undefined, { token: fresh.accesstoken })).status).toBe(
      200,
    );
    expect(
      (await call(loginRoute, "POST", "/x", { email: me.email, password: "brand new pass" })).status,
    ).toBe(200);
  });
});

describe("delete-account", () => {
  it("needs the password, erases personal data and keeps the row for past orders", async () => {
    const me = await shopper();
    await update(me.token, { name: "Kiran", email: me.email, mobile: "9876543210" });
    await prisma.address.create({
      data: {
        userId: me.id,
        addressLine: "1 Main",
        city: "Pune",
        state: "MH",
        country: "India",
        pincode: "411001",
        mobile: "9876543210",
      },
    });
    const wrong = await call(
      deleteAccountRoute,
      "DELETE",
      "/x",
      { password: "nope nope" },
      { token: me.token },
    );
    expect(wrong.status).toBe(400);
    expect((await call(deleteAccountRoute, "DELETE", "/x", {}, { token: me.token })).status).toBe(400);
    expect((await call(deleteAccountRoute, "DELETE", "/x", { password: PASSWORD })).status).toBe(401);

    const res = await call(deleteAccountRoute, "DELETE", "/x", { password: PASSWORD }, { token: me.token });
    expect(res.status, res.body.message).toBe(200);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(user).toMatchObject({
      name: "Deleted user",
      email: `deleted+${me.id}@invalid`,
      mobile: null,
      avatar: "",
      status: "DELETED",
    });
    expect(await prisma.address.count({ where: { userId: me.id } })).toBe(0);
    expect(await prisma.refreshToken.count({ where: { userId: me.id } })).toBe(0);
    expect((await call(userDetailsRoute, "GET", "/x", undefined, { token: me.token })).status).toBe(401);
    expect((await call(loginRoute, "POST", "/x", { email: me.email, password: PASSWORD })).status).toBe(401);
    // the e-mail is free again
    const again = await call(registerRoute, "POST", "/api/user/register", {
      name: "New",
      email: me.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(again.status).toBe(201);
  });
});
