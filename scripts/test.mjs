// `npm test`: lint, typecheck, unit and integration tests, production build, then browser tests against
// that build. Stops at the first failing step. Ends with one "N passed, N failed" line over all tests.
// Flags: --no-e2e (skip build and browser tests), --only=<step> (lint|typecheck|vitest|build|e2e).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith("--only="))?.slice(7);
const noE2e = args.includes("--no-e2e");
const bin = (name) => `node_modules/.bin/${name}`;

const steps = [
  { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  {
    name: "vitest",
    cmd: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
  },
  { name: "build", cmd: bin("next"), args: ["build"], env: { NODE_ENV: "production" }, e2e: true },
  {
    name: "e2e",
    cmd: bin("playwright"),
    args: ["test"],
    e2e: true,
    before: () => rmSync(".data/e2e", { recursive: true, force: true }),
  },
];

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const counts = { passed: 0, failed: 0 };
function collect() {
  if (existsSync("test-results/vitest.json")) {
    const v = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
    counts.passed += v.numPassedTests ?? 0;
    counts.failed += v.numFailedTests ?? 0;
  }
  if (existsSync("test-results/playwright.json")) {
    const p = JSON.parse(readFileSync("test-results/playwright.json", "utf8")).stats ?? {};
    counts.passed += (p.expected ?? 0) + (p.flaky ?? 0);
    counts.failed += p.unexpected ?? 0;
  }
}

rmSync("test-results/vitest.json", { force: true });
rmSync("test-results/playwright.json", { force: true });
let exitCode = 0;
const timings = [];
for (const step of steps) {
  if (only && step.name !== only) continue;
  if (noE2e && step.e2e) continue;
  console.log(`\n=== npm test: ${step.name} ===`);
  step.before?.();
  const t0 = Date.now();
  exitCode = await run(step);
  timings.push(`${step.name} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  if (exitCode !== 0) {
    console.error(`\nnpm test: step "${step.name}" failed (exit ${exitCode})`);
    break;
  }
}
collect();
console.log(`\nnpm test: ${timings.join(", ")}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitCode);
