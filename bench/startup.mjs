// Start-up figures: cold `npm start` to first page (fresh data dir: initdb, migrations, seed), a warm
// restart, and the home page's first-load JavaScript (the scripts the HTML loads, gzipped).
// Needs a production build (`npx next build`). Usage: node bench/startup.mjs
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer, stopServer as stop } from "./lib/server.mjs";

const port = Number(process.env.BENCH_PORT ?? 3300);
const dataDir = ".data/bench-startup";
const base = `http://localhost:${port}`;

const start = () => startServer({ port, dataDir, pgPort: 54349, readyPath: "/" });

async function firstLoadJs() {
  const html = await (await fetch(`${base}/`)).text();
  // noModule scripts (Next's polyfills, ~39 kB) are skipped by every browser that runs modules, so they are not counted
  const srcs = [...html.matchAll(/<script([^>]+)>/g)]
    .filter((m) => !/\bnoModule\b/i.test(m[1]))
    .flatMap((m) => m[1].match(/\bsrc="([^"]+)"/)?.[1] ?? []);
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const file = path.join(".next", decodeURIComponent(src.replace(/^\/_next/, "").split("?")[0]));
    const buf = readFileSync(file);
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { scripts: new Set(srcs).size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) };
}

rmSync(dataDir, { recursive: true, force: true });
const cold = start();
const coldMs = await cold.ready;
const seedLine = cold.output().split("\n").find((l) => /seed/i.test(l) && /\d+(\.\d+)?\s*s\b/.test(l)) ?? "(no seed line)";
const js = await firstLoadJs();
await stop(cold.child);

const warm = start();
const warmMs = await warm.ready;
await stop(warm.child);
rmSync(dataDir, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  coldStartToFirstPageMs: Math.round(coldMs),
  warmStartToFirstPageMs: Math.round(warmMs),
  seed: seedLine.trim(),
  homeFirstLoadJs: js,
};
console.log(JSON.stringify(result, null, 2));
