import { beforeAll, describe, expect, it } from "vitest";
import { POST as fileUploadRoute } from "@/app/api/file/upload/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { POST as productGetRoute } from "@/app/api/product/get/route";
import { PUT as updateUserRoute } from "@/app/api/user/update-user/route";
import { PUT as uploadAvatarRoute } from "@/app/api/user/upload-avatar/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { randomIp, uniqueEmail } from "../fakes/accounts-api";

// Body size limits (issue 8): JSON bodies over 1 MB and uploads over 5 MB answer 413 with the envelope — refused
// from Content-Length before a byte is read, and, without one (chunked), while reading: the server stops pulling
// once the cap is passed instead of buffering whatever a client sends.

process.env.STRIPE_WEBHOOK_SECRET = "whsec_limits";

const JSON_CAP = 1_000_000;
const UPLOAD_CAP = 5 * 1024 * 1024 + 64 * 1024;
const CHUNK = 64 * 1024;

type Handler = (request: Request, context: never) => Promise<Response>;

/** An endless body: `chunk` bytes per pull, counting what the server actually pulled and whether it hung up. */
function endlessBody(chunk: Uint8Array) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

async function send(handler: Handler, method: string, body: BodyInit, headers: Record<string, string>) {
  const request = new Request("http://localhost/api/x", {
    method,
    headers: { "x-forwarded-for": randomIp(), ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve({}) } as never);
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; error: boolean; message: string },
  };
}

const refusedAsTooLarge = (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.status).toBe(413);
  expect(res.body).toMatchObject({ success: false, error: true });
  expect(res.body.message).toMatch(/too large|at most/i);
};

let shopper: { id: string; token: string };
let adminToken: string;

beforeAll(async () => {
  const user = await prisma.user.create({
    data: { name: "Limit Shopper", email: uniqueEmail("limits"), passwordHash: "-", mobile: "9876543210" },
  });
  shopper = { id: user.id, token: (await issueTokenPair(user)).accessToken };
  const admin = await prisma.user.create({
    data: { name: "Limit Admin", email: uniqueEmail("limits-admin"), passwordHash: "-", role: "ADMIN" },
  });
  adminToken = (await issueTokenPair(admin)).accessToken;
});

describe("JSON bodies (1 MB)", () => {
  it("refuses a declared Content-Length over the cap without reading the body", async () => {
    const { stream, seen } = endlessBody(new Uint8Array(CHUNK).fill(0x20));
    const res = await send(productGetRoute, "POST", stream, {
      "content-type": "application/json",
      "content-length": String(50 * JSON_CAP),
    });
    refusedAsTooLarge(res);
    // a ReadableStream pulls once on its own to fill its queue; the handler read nothing beyond that
    expect(seen.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("stops reading a chunked body (no Content-Length) just past the cap", async () => {
    const { stream, seen } = endlessBody(new TextEncoder().encode(" ".repeat(CHUNK)));
    const res = await send(updateUserRoute, "PUT", stream, {
      "content-type": "application/json",
      authorization: `Bearer ${shopper.token}`,
    });
    refusedAsTooLarge(res);
    expect(seen.pulled).toBeLessThan(JSON_CAP + 3 * CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it("counts bytes, not characters: 600,000 × 'é' is 1.2 MB", async () => {
    const body = JSON.stringify({ name: "é".repeat(600_000), email: "a@b.co", mobile: "9876543210" });
    const res = await send(updateUserRoute, "PUT", body, {
      "content-type": "application/json",
      authorization: `Bearer ${shopper.token}`,
    });
    refusedAsTooLarge(res);
    const me = await prisma.user.findUniqueOrThrow({ where: { id: shopper.id } });
    expect(me.name).toBe("Limit Shopper");
  });

  it("reads a body just under the cap and judges its fields (400, not 413)", async () => {
    const body = JSON.stringify({ search: "m".repeat(JSON_CAP - 100) });
    const res = await send(productGetRoute, "POST", body, { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("search: Search text is too long");
  });

  it("caps the webhook's raw body too", async () => {
    const { stream, seen } = endlessBody(new Uint8Array(CHUNK).fill(0x61));
    const res = await send(webhookRoute, "POST", stream, { "stripe-signature": "t=1,v1=00" });
    refusedAsTooLarge(res);
    expect(seen.pulled).toBeLessThan(JSON_CAP + 3 * CHUNK);
  });
});

describe("multipart uploads (5 MB)", () => {
  const multipart = "multipart/form-data; boundary=----limits";
  const head = new TextEncoder().encode(
    '------limits\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
  );

  it("refuses a declared avatar upload over 5 MB before reading it", async () => {
    const { stream, seen } = endlessBody(new Uint8Array(CHUNK));
    const res = await send(uploadAvatarRoute, "PUT", stream, {
      "content-type": multipart,
      "content-length": String(50 * 1024 * 1024),
      authorization: `Bearer ${shopper.token}`,
    });
    refusedAsTooLarge(res);
    expect(seen.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("stops reading a chunked avatar upload just past the cap and keeps the old avatar", async () => {
    let first = true;
    const seen = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = first ? head : new Uint8Array(CHUNK);
        first = false;
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await send(uploadAvatarRoute, "PUT", stream, {
      "content-type": multipart,
      authorization: `Bearer ${shopper.token}`,
    });
    refusedAsTooLarge(res);
    expect(res.body.message).toBe("Image must be at most 5 MB");
    expect(seen.pulled).toBeLessThan(UPLOAD_CAP + 3 * CHUNK);
    const me = await prisma.user.findUniqueOrThrow({ where: { id: shopper.id } });
    expect(me.avatar).toBeFalsy();
  });

  it("does the same for the admin's catalogue image upload", async () => {
    const declared = await send(fileUploadRoute, "POST", new Uint8Array(10), {
      "content-type": multipart,
      "content-length": String(6 * 1024 * 1024),
      authorization: `Bearer ${adminToken}`,
    });
    refusedAsTooLarge(declared);
    const { stream, seen } = endlessBody(new Uint8Array(CHUNK));
    const chunked = await send(fileUploadRoute, "POST", stream, {
      "content-type": multipart,
      authorization: `Bearer ${adminToken}`,
    });
    refusedAsTooLarge(chunked);
    expect(seen.pulled).toBeLessThan(UPLOAD_CAP + 3 * CHUNK);
  });
});
