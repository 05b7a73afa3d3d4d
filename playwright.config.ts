import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./scripts/chromium-args.mjs";
import { embeddedDatabaseUrl } from "./scripts/db/embedded-password.mjs";

// Browser tests run in Debian's Chromium against the production build served by `npm start`, which brings
// up the embedded PostgreSQL 18 (DATABASE_URL is blanked on purpose) with a fresh data directory.
// PW_BASE_URL points the suite at a server you started yourself instead.
const external = process.env.PW_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = external ?? `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
// below the ephemeral range (32768–60999 here): a client socket that happened to take the port could block the
// embedded database from listening on it
const pgPort = process.env.E2E_PG_PORT ?? "25439";
// The embedded PostgreSQL asks for the password it keeps in DATA_DIR/pg-password (scripts/db/embedded.mjs). Made here,
// before `npm start` creates the cluster, so the tests' own queries (tests/e2e/support/db.ts reads
// E2E_DATABASE_URL) can log in; the workers inherit the variable.
if (!external && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = embeddedDatabaseUrl({ dataDir, port: pgPort });
}


export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ["list"],
    ["json", { outputFile: "test-results/playwright.json" }],
    ["html", { open: "never", outputFolder: "playwright-report" }],
  ],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    // a trace records a screencast and DOM snapshots at every step: on two cores that is CPU the tests need, so only
    // a retry (a test that failed once) records one
    trace: "on-first-retry",
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: external
    ? undefined
    : {
        command: "node scripts/start.mjs",
        url: `${baseURL}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
        env: {
          DATABASE_URL: "",
          PORT: String(port),
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: pgPort,
          APP_URL: baseURL,
          NEXTAUTH_URL: baseURL,
          NODE_ENV: "production",
          // the tests play the proxy in front: each test sends its own X-Forwarded-For, so per-address limits
          // (registration, login) do not trip across a long run
          TRUST_PROXY: "1",
          // a real map on the live order page (issue 17): every tile one grey pixel, so no tile server is needed
          MAP_TILE_URL: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC",
          MAP_ATTRIBUTION: "Test tiles",
          // one JSON line per API call is noise in the test report; warnings and errors still show
          LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        },
      },
});
