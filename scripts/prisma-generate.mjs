// Runs `prisma generate` at install time on any machine, including ones that cannot download
// Prisma's native schema engine. Generation needs no engine, but the CLI refuses to start unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file, so we point it at this script when unset.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
}
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
if (result.status !== 0) {
  console.error("prisma generate failed: the Prisma client in lib/generated/prisma is missing or stale.");
  process.exit(result.status ?? 1);
}
