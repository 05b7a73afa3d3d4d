// Starts the production build the way `npm start` does (scripts/start.mjs) for a benchmark, on its own port and
// data directory, and stops it again. With BENCH_URL set, nothing is started: the bench runs against that server.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { embeddedDatabaseUrl } from "../../scripts/db/embedded-password.mjs";

/**
 * @param {{ port: number, dataDir: string, pgPort: number, env?: Record<string, string>, readyPath?: string }} options
 * @returns {{ base: string, child: import("node:child_process").ChildProcess | null, ready: Promise<number>, output: () => string }}
 */
export function startServer({ port, dataDir, pgPort, env = {}, readyPath = "/api/ready" }) {
  if (process.env.BENCH_URL) {
    return { base: process.env.BENCH_URL.replace(/\/$/, ""), child: null, ready: Promise.resolve(0), output: () => "" };
  }
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npx next build` first");
  const base = `http://localhost:${port}`;
  // the embedded database's password (DATA_DIR/pg-password) is made here, before the child could race us to it, so
  // the bench can build its own connection string with embeddedDatabaseUrl at any time
  if (!env.DATABASE_URL) embeddedDatabaseUrl({ dataDir, port: pgPort });
  const t0 = performance.now();
  let out = "";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      // the bench plays the proxy in front: each virtual shopper's X-Forwarded-For is its own address
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`start exited early:\n${out}`);
      try {
        const res = await fetch(`${base}${readyPath}`);
        if (res.ok) return performance.now() - t0;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { base, child, ready, output: () => out };
}

/** SIGTERM, then waits for the exit (the app drains and stops the embedded database). */
export async function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
