// `npm run screenshots`: a PNG of every route of the shop at 390×844 (a phone, touch) and 1280×800, so a reviewer
// can look at a change the way shoppers see it (issue 21 item 12). Against a running shop: BASE_URL (default
// http://localhost:3000, e.g. after `npm start`), with the demo accounts for the signed-in pages. Writes to
// screenshots/ (git-ignored), one file per route and viewport: screenshots/390x844/dashboard-orders.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { ROUTE_TABLE } from "../tests/e2e/pages/route-table";
import { CHROMIUM_PATH, chromiumArgs } from "./chromium-args.mjs";

const BASE_URL = (process.env.BASE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const OUT = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const ACCOUNTS = {
  shopper: { email: "shopper@kwikmart.local", password: "Shopper@12345" },
  admin: { email: "admin@kwikmart.local", password: "Admin@12345" },
} as const;
const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, isMobile: false, hasTouch: false },
];
const ROUTES = [...ROUTE_TABLE, "/dashboard/stores", "/dashboard/audit"];

type Who = "guest" | keyof typeof ACCOUNTS;
const ADMIN_ONLY = [
  "category",
  "subcategory",
  "upload-product",
  "product",
  "delivery-partners",
  "orders",
  "stores",
  "audit",
];

function whoSees(route: string): Who {
  const [, first, second] = route.split(/[/?]/);
  if (first === "dashboard" && ADMIN_ONLY.includes(second ?? "")) return "admin";
  if (first === "dashboard" || ["user", "cart", "checkout"].includes(first ?? "")) return "shopper";
  return "guest";
}

const fileName = (route: string) =>
  (route === "/"
    ? "home"
    : route
        .slice(1)
        .replace(/[^a-zA-Z0-9]+/g, "-")
        .replace(/-$/, "")) + ".png";

async function signedIn(
  browser: Browser,
  viewport: (typeof VIEWPORTS)[number],
  who: Who,
): Promise<BrowserContext> {
  const { width, height, ...device } = viewport;
  const context = await browser.newContext({ viewport: { width, height }, ...device, baseURL: BASE_URL });
  if (who === "guest") return context;
  const csrf = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, ...ACCOUNTS[who], json: "true" },
  });
  if (!res.ok())
    throw new Error(
      `screenshots: could not sign in as the demo ${who} (${res.status()}); is the demo seeded?`,
    );
  return context;
}

async function main() {
  const health = await fetch(`${BASE_URL}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`screenshots: no shop answers at ${BASE_URL}; start it (npm start) or set BASE_URL.`);
    process.exit(1);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs,
  });
  let written = 0;
  try {
    for (const viewport of VIEWPORTS) {
      const dir = path.join(OUT, `${viewport.width}x${viewport.height}`);
      mkdirSync(dir, { recursive: true });
      const contexts = new Map<Who, BrowserContext>();
      for (const route of ROUTES) {
        const who = whoSees(route);
        if (!contexts.has(who)) contexts.set(who, await signedIn(browser, viewport, who));
        const page = await contexts.get(who)!.newPage();
        await page.goto(route, { waitUntil: "networkidle" });
        await page.screenshot({ path: path.join(dir, fileName(route)), fullPage: true });
        await page.close();
        written++;
      }
      for (const context of contexts.values()) await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots: ${written} PNGs in ${OUT}`);
}

void main().catch((error: unknown) => {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
