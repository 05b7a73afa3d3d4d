import { expect, type Page } from "@playwright/test";

// Signs a browser context in through next-auth's credentials flow (the same calls the login form makes), so the
// admin suite does not depend on the login screen. The demo accounts come from prisma/seed.

export const DEMO_ADMIN = { email: "admin@kwikmart.local", password: "Admin@12345" };
export const DEMO_SHOPPER = { email: "shopper@kwikmart.local", password: "Shopper@12345" };

export async function signIn(page: Page, account: { email: string; password: string }) {
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: account.email, password: account.password, json: "true" },
  });
  expect(res.ok()).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.endsWith("next-auth.session-token"))).toBe(true);
}

/** The admin routes of spec §2. */
export const ADMIN_PATHS = [
  "/dashboard/category",
  "/dashboard/subcategory",
  "/dashboard/upload-product",
  "/dashboard/product",
  "/dashboard/delivery-partners",
] as const;
