import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for UploadThing's two servers, speaking what the real server SDK (uploadthing/server, v7)
// sends, so tests run UTApi itself:
// - ingest: `PUT <ingestUrl>/<fileKey>?expires=…&x-ut-identifier=…&x-ut-file-name=…&signature=hmac-sha256=<hex>`
//   with the file as multipart field `file`; the signature is HMAC-SHA256 of the URL without it, keyed by the API key.
//   Answers { url, appUrl, ufsUrl, fileHash }.
// - API: `POST <apiUrl>/v6/deleteFiles` { fileKeys } with header x-uploadthing-api-key; answers { success, deletedCount }.
// Point the SDK here with UPLOADTHING_TOKEN (see `token`), UPLOADTHING_API_URL and UPLOADTHING_INGEST_URL.

export type FakeFile = { key: string; name: string; type: string; bytes: Buffer; ufsUrl: string };

export type UploadThingFake = {
  apiUrl: string;
  ingestUrl: string;
  /** the UPLOADTHING_TOKEN that matches this fake: base64 of { apiKey, appId, regions } */
  token: string;
  appId: string;
  files: Map<string, FakeFile>;
  /** every request seen, for assertions: method, path and the API key header */
  requests: { server: "api" | "ingest"; method: string; path: string; apiKey?: string }[];
  /** make the next ingest PUT fail with this status */
  failNextUpload(status: number): void;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function signatureOk(fullUrl: string, apiKey: string): boolean {
  const url = new URL(fullUrl);
  const signature = url.searchParams.get("signature") ?? "";
  url.searchParams.delete("signature");
  const expected = `hmac-sha256=${createHmac("sha256", apiKey).update(url.toString()).digest("hex")}`;
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startUploadThingFake(): Promise<UploadThingFake> {
  const appId = `kwik${randomBytes(4).toString("hex")}`;
  const apiKey = `sk_test_${randomBytes(16).toString("hex")}`;
  const token = Buffer.from(JSON.stringify({ apiKey, appId, regions: ["fake1"] })).toString("base64");
  const files = new Map<string, FakeFile>();
  const requests: UploadThingFake["requests"] = [];
  let failNext: number | null = null;
  let ingestUrl = "";

  const ingest = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0]!;
      requests.push({ server: "ingest", method: req.method ?? "", path });
      const body = await readBody(req);
      if (req.method !== "PUT") return json(res, 405, { error: "method not allowed" });
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return json(res, status, { error: "simulated failure" });
      }
      const full = `${ingestUrl}${req.url ?? ""}`;
      const query = new URL(full).searchParams;
      if (!signatureOk(full, apiKey)) return json(res, 403, { error: "invalid signature" });
      if (Number(query.get("expires")) < Date.now()) return json(res, 403, { error: "expired" });
      if (query.get("x-ut-identifier") !== appId) return json(res, 403, { error: "wrong app" });
      const form = await new Response(new Uint8Array(body), {
        headers: { "content-type": req.headers["content-type"] ?? "" },
      }).formData();
      const file = form.get("file");
      if (!file || typeof file === "string") return json(res, 400, { error: "no file" });
      const key = decodeURIComponent(path.slice(1));
      const bytes = Buffer.from(await file.arrayBuffer());
      const ufsUrl = `https://${appId}.ufs.sh/f/${key}`;
      files.set(key, {
        key,
        name: decodeURIComponent(query.get("x-ut-file-name") ?? file.name),
        type: decodeURIComponent(query.get("x-ut-file-type") ?? file.type),
        bytes,
        ufsUrl,
      });
      json(res, 200, {
        url: `https://utfs.io/f/${key}`,
        appUrl: `https://utfs.io/a/${appId}/${key}`,
        ufsUrl,
        fileHash: createHmac("sha256", "hash").update(bytes).digest("hex"),
      });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });

  const api = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const key = req.headers["x-uploadthing-api-key"];
      requests.push({ server: "api", method: req.method ?? "", path, apiKey: typeof key === "string" ? key : undefined });
      const body = await readBody(req);
      if (key !== apiKey) return json(res, 401, { error: "Invalid API key" });
      if (req.method === "POST" && path === "/v6/deleteFiles") {
        const { fileKeys = [] } = JSON.parse(body.toString() || "{}") as { fileKeys?: string[] };
        let deletedCount = 0;
        for (const k of fileKeys) if (files.delete(k)) deletedCount += 1;
        return json(res, 200, { success: true, deletedCount });
      }
      json(res, 404, { error: `not faked: ${req.method} ${path}` });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });

  ingestUrl = await listen(ingest);
  const apiUrl = await listen(api);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    apiUrl,
    ingestUrl,
    token,
    appId,
    files,
    requests,
    failNextUpload(status: number) {
      failNext = status;
    },
    async close() {
      await Promise.all([close(ingest), close(api)]);
    },
  };
}
