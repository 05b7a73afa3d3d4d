import { spawn } from "node:child_process";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";

// `npm start` with bad configuration stops with one clear line, never a stack trace alone.
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, SEED: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm start with bad configuration", () => {
  it("names a malformed DATABASE_URL", async () => {
    const { code, output } = await start({ DATABASE_URL: "mysql://root@localhost/shop", PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(output).toContain("kwikmart: DATABASE_URL must start with postgresql://");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("names an unreachable database server and what to do", async () => {
    const port = await freePort();
    const { code, output } = await start({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/shop`,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(output).toContain(`kwikmart: Cannot use the database at 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(output).toContain("start PostgreSQL there or fix DATABASE_URL");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("names a port in use", async () => {
    const blocker = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, output } = await start({ PORT: String(port), DATABASE_URL: process.env.DATABASE_URL! });
      expect(code).toBe(1);
      expect(output).toContain(`kwikmart: Port ${port} is already in use`);
      expect(output).toContain("set PORT to a free port");
    } finally {
      blocker.close();
    }
  });
});
