// Debian's Chromium as every tool here runs it (browser tests, Lighthouse, screenshots): headless in a container
// with no sandbox, GPU or shared-memory mount, and nothing fetched from the network at start (no internet here).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
