import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMail = {
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  authorization?: string;
};

/**
 * A local stand-in for the Resend API (POST /emails), for running the real Resend SDK against it via
 * RESEND_BASE_URL. `mode` "fail" answers 500 like an outage; "down" closes the connection without answering.
 */
export async function startFakeResend() {
  const received: ReceivedMail[] = [];
  let mode: "ok" | "fail" | "down" = "ok";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (mode === "down") {
        req.socket.destroy();
        return;
      }
      if (mode === "fail") {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ statusCode: 500, name: "internal_server_error", message: "fake outage" }));
        return;
      }
      if (req.method !== "POST" || req.url !== "/emails") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ statusCode: 404, name: "not_found", message: "no such route" }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedMail;
      received.push({ ...body, authorization: req.headers.authorization });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode(next: "ok" | "fail" | "down") {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
