import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/peer-address.cjs is preloaded into the app server by scripts/start.mjs. Run for real: a Node HTTP server
// with the preload, answering with the headers it saw, asked with forged forwarding headers.
const preload = path.resolve("scripts/peer-address.cjs");
const echo = `require("node:http").createServer((q, s) => s.end(JSON.stringify(q.headers)))
  .listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;

let child: ReturnType<typeof spawn> | null = null;
afterEach(() => void child?.kill());

async function serverWith(trustProxy: string): Promise<string> {
  child = spawn(process.execPath, [`--require=${preload}`, "-e", echo], {
    env: { ...process.env, TRUST_PROXY: trustProxy },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve) => child!.stdout!.once("data", (d) => resolve(String(d).trim())));
  return `http://127.0.0.1:${port}`;
}

const forged = {
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-real-ip": "203.0.113.9",
  forwarded: "for=203.0.113.9",
};

describe("the start wrapper's forwarding headers", () => {
  it("with no proxy in front, replaces what the client wrote with the socket's address", async () => {
    const base = await serverWith("");
    const seen = (await (await fetch(base, { headers: forged })).json()) as Record<string, string>;
    expect(seen["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen["x-forwarded-host"]).toBeUndefined();
    expect(seen["x-forwarded-proto"]).toBeUndefined();
    expect(seen["x-real-ip"]).toBeUndefined();
    expect(seen.forwarded).toBeUndefined();
  });

  it("behind a trusted proxy, leaves the proxy's headers alone", async () => {
    const base = await serverWith("1");
    const seen = (await (await fetch(base, { headers: forged })).json()) as Record<string, string>;
    expect(seen["x-forwarded-for"]).toBe("203.0.113.9");
    expect(seen["x-forwarded-host"]).toBe("evil.example");
  });
});
