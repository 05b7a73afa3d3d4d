import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { ROUTE_TABLE } from "./pages/route-table";
import { ShellPage } from "./pages/shell-page";

// Spec §2 Search bar: exactly these prompts, in this order.
const PROMPTS = [
  'Search "milk"',
  'Search "bread"',
  'Search "sugar"',
  'Search "panner"',
  'Search "chocolate"',
  'Search "curd"',
  'Search "rice"',
  'Search "egg"',
  'Search "chips"',
];

test.describe("search bar", () => {
  test("off /search it types the prompts one after another", async ({ page }) => {
    const shell = new ShellPage(page);
    // A light page: the bar is the same on every page, and a busy machine hydrates /about soonest.
    await shell.goto("/about");
    // The server sends an empty prompt; typing starts once React has hydrated the header.
    await expect(shell.searchPrompt).not.toHaveText("", { timeout: 30_000 });

    const complete = new Set<string>();
    const partials: string[] = [];
    // One prompt takes under 1 s to type plus the 1 s pause: two whole prompts fit well inside 15 s.
    await expect
      .poll(
        async () => {
          const text = (await shell.searchPrompt.textContent()) ?? "";
          partials.push(text);
          if (PROMPTS.includes(text)) complete.add(text);
          return complete.size;
        },
        { timeout: 15_000, intervals: [50] },
      )
      .toBeGreaterThanOrEqual(2);

    // Every frame of the animation is the start of one of the prompts, and they come in the spec's order.
    for (const text of partials) expect(PROMPTS.some((p) => p.startsWith(text))).toBe(true);
    const seen = [...complete];
    const first = PROMPTS.indexOf(seen[0]!);
    expect(seen[1]).toBe(PROMPTS[(first + 1) % PROMPTS.length]);
  });

  test("with reduced motion it shows a still prompt", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const shell = new ShellPage(page);
    await shell.goto("/");
    await expect(shell.searchPrompt).toHaveText(PROMPTS[0]!);
    // sampled every 100 ms for 1.5 s: every sample is the whole first prompt (spec §2), nothing types
    const samples: string[] = [];
    for (let i = 0; i < 15; i++) {
      samples.push((await shell.searchPrompt.textContent()) ?? "");
      await page.waitForTimeout(100);
    }
    expect(samples).toEqual(Array(15).fill(PROMPTS[0]));
  });

  test("clicking it opens /search with the input focused", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/about");
    await shell.searchLink.click();
    await expect(page).toHaveURL(/\/search(\?|$)/);
    await expect(shell.searchInput).toBeFocused();
  });

  test("on /search the input is pre-filled from q and typing updates q", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/search?q=milk");
    await expect(shell.searchInput).toBeFocused();
    await expect(shell.searchInput).toHaveAttribute("placeholder", "Search for atta dal and more.");
    await expect(shell.searchInput).toHaveValue("milk");

    await shell.searchInput.fill("");
    await shell.searchInput.pressSequentially("brown bread");
    await expect.poll(() => shell.query()).toBe("brown bread");
    await expect(shell.searchInput).toHaveValue("brown bread");
  });

  test("below 768 px on /search a back arrow to / replaces the search icon", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shell = new ShellPage(page);
    await shell.goto("/search?q=egg");
    await expect(shell.backToHome).toBeVisible();
    await expect(shell.backToHome).toHaveAttribute("href", "/");

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(shell.backToHome).toBeHidden();
  });
});

test.describe("route table", () => {
  for (const path of ROUTE_TABLE) {
    test(`${path} answers`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response, `no response for ${path}`).not.toBeNull();
      expect(response!.status()).toBeLessThan(400);
      await expect(page.getByRole("banner")).toBeVisible();
    });
  }

  test("an unknown page is a friendly 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-aisle");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("layout", () => {
  test("desktop header has the logo, Login and My Cart; no mobile bar", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const shell = new ShellPage(page);
    await shell.goto("/");
    await expect(shell.header.getByRole("link", { name: "Kwikmart home" })).toHaveAttribute("href", "/");
    await expect(shell.loginLink).toHaveAttribute("href", "/login");
    await expect(shell.cartButton).toHaveText("My Cart");
    await expect(shell.mobileCartBar).toBeHidden();
    await expect(shell.footer).toContainText("Product images: Fluent Emoji 3D © Microsoft (MIT)");
  });

  test.describe("at 390×844", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the mobile cart bar shows once the cart has something, never covers the footer, and hides on /checkout", async ({
      page,
    }) => {
      const shell = new ShellPage(page);
      await shell.goto("/");
      // an empty cart has no bar (issue 21 item 2)
      await expect(page.getByRole("button", { name: /^Add .+ to cart$/ }).first()).toBeVisible();
      await expect(shell.mobileCartBar).toBeHidden();
      await page
        .getByRole("button", { name: /^Add .+ to cart$/ })
        .first()
        .click();
      await expect(shell.mobileCartBar).toBeVisible();
      await expect(shell.mobileCartBar).toHaveAttribute("href", "/cart");
      await expect(shell.mobileCartBar).toContainText(/^1 item · ₹[\d,.]+\s*View cart$/);
      // scrolled to the end, the footer's last link sits above the bar (rows below the fold may still be loading and
      // pushing the footer down: scroll again until the end holds)
      const lastLink = shell.footer.getByRole("link").last();
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const [bar, link] = [await shell.mobileCartBar.boundingBox(), await lastLink.boundingBox()];
          return bar && link ? link.y + link.height <= bar.y : false;
        })
        .toBe(true);

      // checkout is for signed-in shoppers: the demo shopper logs in and comes back to it
      const login = new LoginPage(page);
      await login.goto("/checkout");
      await login.login("shopper@kwikmart.local", "Shopper@12345");
      await expect(page).toHaveURL(/\/checkout$/, { timeout: 60_000 });
      await expect(page.getByRole("main")).toBeVisible();
      await expect(shell.mobileCartBar).toBeHidden();
    });
  });
});

test.describe("success and cancel", () => {
  test("/success?text=Order shows Order Successfully", async ({ page }) => {
    await page.goto("/success?text=Order");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Successfully");
    await expect(page.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
  });

  test("/success defaults to Payment Successfully and ignores other texts", async ({ page }) => {
    await page.goto("/success");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successfully");
    await page.goto("/success?text=Hacked");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successfully");
  });

  test("/cancel shows Order Cancel", async ({ page }) => {
    await page.goto("/cancel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Cancel");
    await expect(page.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
  });
});
