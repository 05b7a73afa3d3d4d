import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/admin-auth";
import { HomePage } from "./pages/home-page";
import { newUser, registerViaApi } from "./pages/register-page";
import { expectAccessible } from "./support/axe";
import { adminApi, findProduct, productUrl } from "./support/shop-api";

// Issue 16, "The shopper's side": the shopper chooses where to deliver (a pincode, the browser's location, a saved
// address), and the header tells the truth about it — the computed minutes and the area, "Select your location" before
// one is chosen, the closed or paused store, the pincode no store serves (ADD disabled with that reason, "notify me").
// Each journey runs on a phone (390×844, touch) and a laptop (1280×800).
//
// Demo network (prisma/seed/stores.ts): 560034 is Koramangala's (open 24 hours); 560300 (the airport) is served by
// nobody; 560011 is served only by Jayanagar, which the pause test pauses and always resumes.

const KORAMANGALA = { latitude: 12.9279, longitude: 77.6271 };

// Each test is a whole journey on a machine shared with other suites: allow more than the default.
test.describe.configure({ timeout: 120_000 });

// stores and pincodes no other browser test uses, one per screen size
const PAUSE_SPOTS = {
  phone: { store: "jayanagar", area: "Jayanagar", pincode: "560011" },
  laptop: { store: "malleshwaram", area: "Malleshwaram", pincode: "560003" },
};

const VIEWPORTS = [
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "laptop", use: { viewport: { width: 1280, height: 800 } } },
] as const;

let ip = "";
test.beforeEach(async ({ page }) => {
  // each test its own client address, so the per-address limits (notify me, login) never trip across runs
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

/** The header's location line, the first-visit strip and the location sheet. */
function location(page: Page) {
  const header = page.getByRole("banner");
  const button = header.getByTestId("header-location");
  const sheet = page.getByTestId("location-sheet");
  return {
    button,
    headline: button.getByTestId("header-location-headline"),
    place: button.getByTestId("header-location-place"),
    prompt: page.getByTestId("location-prompt"),
    sheet,
    pincode: sheet.getByRole("form", { name: "Deliver to a pincode" }).getByLabel("Pincode", { exact: true }),
    check: sheet.getByRole("button", { name: "Check", exact: true }),
    useMyLocation: sheet.getByRole("button", { name: "Use my current location" }),
    async open() {
      await button.click();
      await expect(sheet).toBeVisible();
    },
    /** Opens the sheet from the header and asks for a pincode. */
    async choosePincode(code: string) {
      await this.open();
      await this.pincode.fill(code);
      await this.check.click();
    },
  };
}

async function openHome(page: Page) {
  await new HomePage(page).goto();
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.name} ${vp.use.viewport.width}×${vp.use.viewport.height}`, () => {
    test.use(vp.use);

    test("a first visit asks where to deliver without covering the category tiles", async ({ page }) => {
      await openHome(page);
      const loc = location(page);
      await expect(loc.headline).toHaveText("Select your location");
      await expect(loc.place).toHaveCount(0);
      await expect(loc.prompt).toContainText("Where should we deliver?");
      await expect(loc.button).toBeInViewport();

      // the strip is in the page's flow, above the tiles, and covers none of them
      const home = new HomePage(page);
      await expect(home.categoryTiles.first()).toBeVisible();
      const strip = (await loc.prompt.boundingBox())!;
      const tile = (await home.categoryTiles.first().boundingBox())!;
      expect(strip.y + strip.height).toBeLessThanOrEqual(tile.y);
      expect(await loc.prompt.evaluate((el) => getComputedStyle(el.parentElement!).position)).toBe("static");

      // tapping the strip opens the sheet; Escape closes it
      await loc.prompt.click();
      await expect(loc.sheet).toBeVisible();
      await expect(loc.useMyLocation).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(loc.sheet).toBeHidden();

      // and its close button does too
      await loc.open();
      await loc.sheet.getByRole("button", { name: "Close" }).click();
      await expect(loc.sheet).toBeHidden();
    });

    test("a served pincode puts its computed promise and area in the header", async ({ page }) => {
      await openHome(page);
      const loc = location(page);

      // a malformed pincode is refused under the field
      await loc.choosePincode("5600");
      await expect(loc.sheet.getByText("Enter a 6-digit pincode, such as 560034")).toBeVisible();

      await loc.pincode.fill("560034");
      await loc.check.click();
      await expect(loc.sheet).toBeHidden();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
      await expect(loc.place).toHaveText("Koramangala, 560034");
      await expect(loc.prompt).toHaveCount(0);

      // remembered: the next page says the same, and ADD works
      await page.reload();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
      await expect(loc.place).toHaveText("Koramangala, 560034");
      const cookie = (await page.context().cookies()).find((c) => c.name === "kw_location");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
      await expect(page.getByRole("main").getByTestId("add-blocked-reason")).toHaveCount(0);
    });

    test("an unserved pincode says so, disables ADD with the reason, and takes a notify-me", async ({
      page,
    }) => {
      await openHome(page);
      const loc = location(page);
      await loc.choosePincode("560300");

      // the sheet stays open with the message and the notify-me form; the header says it too
      await expect(loc.sheet.getByTestId("location-sheet-status")).toContainText(
        "Sorry, we don't deliver to 560300 yet",
      );
      await expectAccessible(page, "the location sheet, not served", '[data-testid="location-sheet"]');
      const notify = loc.sheet.getByRole("form", { name: "Notify me" });
      await expect(notify.getByLabel("Pincode")).toHaveValue("560300");

      // a wrong e-mail is refused where it was typed
      await notify.getByLabel("Email").fill("not-an-email");
      await notify.getByRole("button", { name: "Notify me" }).click();
      await expect(notify.getByText("email must be a valid e-mail address")).toBeVisible();

      const email = `e2e-notify-${randomBytes(4).toString("hex")}@example.com`;
      await notify.getByLabel("Email").fill(email);
      await notify.getByRole("button", { name: "Notify me" }).click();
      await expect(loc.sheet.getByTestId("notify-me-thanks")).toHaveText(
        "Thanks! We will e-mail you when we deliver to 560300.",
      );
      await page.keyboard.press("Escape");
      await expect(loc.sheet).toBeHidden();
      await expect(loc.headline).toHaveText("Sorry, we don't deliver to 560300 yet");
      await expect(loc.place).toHaveText("Kempegowda International Airport, 560300");

      // the catalogue stays browsable, but every ADD is disabled and says why
      const main = page.getByRole("main");
      const add = main.getByTestId("add-to-cart").first();
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeDisabled();
      await expect(main.getByTestId("add-blocked-reason").first()).toHaveText("No delivery to 560300 yet");
      await expect(main.getByTestId("add-blocked-reason").first()).toBeVisible();
      await expectAccessible(page, "home, not served (header and disabled ADD)");

      // the product page writes the whole reason by its disabled ADD
      const product = await findProduct(page.request, (p) => p.stock > 0);
      await page.goto(productUrl(product!));
      await expect(loc.headline).toHaveText("Sorry, we don't deliver to 560300 yet");
      const pageAdd = main.getByRole("button", { name: `Add ${product!.name} to cart` });
      await expect(pageAdd).toBeDisabled();
      await expect(pageAdd).toHaveAccessibleDescription("Sorry, we don't deliver to 560300 yet");
      await expect(main.getByTestId("add-blocked-reason")).toHaveText(
        "Sorry, we don't deliver to 560300 yet",
      );

      // choosing a served place gives ADD back
      await loc.choosePincode("560034");
      await expect(loc.sheet).toBeHidden();
      await expect(pageAdd).toBeEnabled();
      await expect(main.getByTestId("add-blocked-reason")).toHaveCount(0);
    });

    test("Use my current location picks the store that serves where the shopper is", async ({
      page,
      context,
    }) => {
      // the shop's own pages may ask for the position, nobody else's frames
      const headers = (await page.request.get("/")).headers();
      expect(headers["permissions-policy"]).toContain("geolocation=(self)");
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation(KORAMANGALA);
      await openHome(page);
      const loc = location(page);
      await loc.open();
      await loc.useMyLocation.click();
      await expect(loc.sheet).toBeHidden();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
      await expect(loc.place).toHaveText("Koramangala, 560034");
    });

    test("a denied location says so and moves to the pincode", async ({ page, context }) => {
      await context.clearPermissions();
      await openHome(page);
      const loc = location(page);
      await loc.open();
      // headless Chromium denies a position it was not granted
      await loc.useMyLocation.click();
      await expect(loc.sheet.getByTestId("location-geo-message")).toContainText(/type your pincode/i);
      await expect(loc.pincode).toBeFocused();
    });

    test("an admin's pause shows in the header on the next load, and the resume too", async ({ page }) => {
      // each screen size pauses its own store, so the two runs (in parallel workers) never resume each other's pause
      const spot = vp.name === "phone" ? PAUSE_SPOTS.phone : PAUSE_SPOTS.laptop;
      const admin = await adminApi(page.request, ip);
      await openHome(page);
      const loc = location(page);
      await loc.choosePincode(spot.pincode);
      await expect(loc.sheet).toBeHidden();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
      await expect(loc.place).toHaveText(`${spot.area}, ${spot.pincode}`);

      const reason = `E2E rain check ${vp.name}`;
      try {
        expect((await admin.pauseStore(spot.store, true, reason)).ok()).toBe(true);
        await page.reload();
        await expect(loc.headline).toHaveText(
          `Kwikmart ${spot.area} has paused orders (${reason}); please try again soon`,
        );
        await expect(loc.place).toHaveText(`${spot.area}, ${spot.pincode}`);
        const main = page.getByRole("main");
        await main.getByTestId("add-to-cart").first().scrollIntoViewIfNeeded();
        await expect(main.getByTestId("add-to-cart").first()).toBeDisabled();
        await expect(main.getByTestId("add-blocked-reason").first()).toHaveText("Orders paused");
      } finally {
        const resumed = await admin.pauseStore(spot.store, false);
        expect(resumed.ok(), await resumed.text()).toBe(true);
      }
      await page.reload();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
    });

    test("a signed-in shopper picks a saved address, and finds the place again on another browser", async ({
      page,
      browser,
    }) => {
      const user = newUser("loc");
      await registerViaApi(page.request, user, ip);
      await signIn(page, user);
      const token = await restToken(page, user);
      const created = await page.request.post("/api/address/create", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          address_line: "100 Feet Road",
          city: "Bengaluru",
          state: "Karnataka",
          country: "India",
          pincode: "560038",
          mobile: "9876543210",
          label: "home",
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      await openHome(page);
      const loc = location(page);
      await loc.open();
      await loc.sheet.getByTestId("saved-address").filter({ hasText: "560038" }).click();
      await expect(loc.sheet).toBeHidden();
      await expect(loc.headline).toHaveText(/^Delivery in \d+ minutes?$/);
      await expect(loc.place).toHaveText("Home · Indiranagar, 560038");

      // another browser with no location gets the account's at sign-in
      const other = await browser.newContext(vp.use);
      try {
        const second = await other.newPage();
        await second.setExtraHTTPHeaders({ "x-forwarded-for": ip });
        await signIn(second, user);
        await openHome(second);
        await expect(location(second).place).toHaveText("Home · Indiranagar, 560038");
      } finally {
        await other.close();
      }
    });
  });
}

/** An access token for the REST calls of a shopper. */
async function restToken(page: Page, user: { email: string; password: string }): Promise<string> {
  const res = await page.request.post("/api/user/login", {
    data: { email: user.email, password: user.password },
    headers: { "x-forwarded-for": ip },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { accesstoken: string } }).data.accesstoken;
}
