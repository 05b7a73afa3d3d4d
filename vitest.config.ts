import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { INTEGRATION_WORKERS } from "./tests/integration/workers";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React server bundles; tests run the same modules in plain Node.
      { find: /^server-only$/, replacement: path.join(root, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    // Quiet the JSON request log in test output; tests/integration/request-logs.test.ts raises it to read the lines.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // tests/security: the red-team cases (issue 20); `*.db.test.ts` there need the database and run below
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/security/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, "tests/security/**/*.db.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/security/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          // One database copy per worker (global-setup.ts): the files of a worker run one after another on it.
          maxWorkers: INTEGRATION_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
