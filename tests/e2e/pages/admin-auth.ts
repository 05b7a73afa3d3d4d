import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

// Signs a browser context in through next-auth's credentials flow (the same calls the login form makes), so the
// admin suite does not depend on the login screen. The demo accounts come from prisma/seed.

export const DEMO_ADMIN = { email: "admin@kwikmart.local", password: "Admin@12345" };
export const DEMO_SHOPPER = { email: "shopper@kwikmart.local", password: "Shopper@12345" };

export async function signIn(page: Page, account: { email: string; password: string }) {
  // An address of its own: page.request does not carry the page's extra headers, so without one every sign-in of the
  // suite came from the server's one loopback address and shared its budget of failed logins with every test that
  // tries a wrong password (a correct sign-in was then refused now and then).
  const headers = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
  const signedIn = async () =>
    (await page.context().cookies()).some((c) => c.name.endsWith("next-auth.session-token"));
  let answer = "";
  // A page of the same context asking next-auth for its first CSRF token at the same moment gets another token and
  // cookie, and the last cookie wins: this token then no longer matches, and next-auth answers
  // {"url": ".../api/auth/signin?csrf=true"} without a session (seen in full runs). The second try finds the
  // context's cookie set and gets its token.
  // always once (the context may hold another account's session), again only while no session came of it
  for (let attempt = 1; attempt === 1 || (attempt <= 3 && !(await signedIn())); attempt++) {
    const csrf = await page.request.get("/api/auth/csrf", { headers });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: account.email, password: account.password, json: "true" },
      headers,
    });
    expect(res.ok()).toBe(true);
    answer = `${res.status()} ${await res.text()}`;
  }
  expect(await signedIn(), `no session after signing in ${account.email}: ${answer}`).toBe(true);
}

/** The admin routes of spec §2. */
export const ADMIN_PATHS = [
  "/dashboard/category",
  "/dashboard/subcategory",
  "/dashboard/upload-product",
  "/dashboard/product",
  "/dashboard/delivery-partners",
] as const;
