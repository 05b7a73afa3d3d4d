import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/admin-auth";
import { AddressPage, type AddressValues } from "./pages/address-page";
import { CheckoutPage } from "./pages/checkout-page";
import { newUser, registerViaApi } from "./pages/register-page";
import { query } from "./support/db";
import { stockedProducts } from "./support/shop-api";

// Phone-first issue item 6 in the browser: the address dialog's fields (receiver, flat / house / floor, landmark,
// the Home / Work / Other chips, India to start with), the shared schema's messages under the fields with nothing
// saved, "Save address" in reach on a phone, and "Fix this address" for an address saved before the rules, in the
// address book and at checkout. The rules themselves: tests/integration (addresses).

const PINCODE_MESSAGE = "Pincode must be 6 digits and cannot start with 0";
const MOBILE_MESSAGE = "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)";

const GOOD: AddressValues = {
  receiver_name: "Meera Nair",
  house: "Flat 4B, 2nd floor",
  addressline: "27 Residency Road",
  landmark: "Opposite the metro station",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560025",
  country: "India",
  mobile: "+91 98450 12345",
};

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

test.describe.configure({ timeout: 120_000 });

let ip = "";
test.beforeEach(async ({ page }) => {
  // each test its own client address, so the per-IP limits (registration, login) never trip on a long-lived server
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

async function shopper(page: Page, tag: string) {
  const user = newUser(tag);
  await registerViaApi(page.request, user, ip);
  await signIn(page, user);
  return user;
}

const savedAddresses = async (email: string) =>
  (
    await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Address" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1`,
      [email],
    )
  )[0]!.n;

/** The button is on screen and nothing covers its middle (a sticky bar, the keyboard's stand-in, a toast). */
async function expectReachable(page: Page, button: ReturnType<AddressPage["dialog"]["getByRole"]>) {
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe("Save address");
}

for (const device of VIEWPORTS) {
  test.describe(`address dialog at ${device.viewport.width}×${device.viewport.height}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile });

    test("shows the schema's messages under the fields, saves nothing, then saves with Save address", async ({
      page,
    }) => {
      const user = await shopper(page, `addr-${device.name}`);
      const book = new AddressPage(page);
      await book.goto();
      await expect(book.heading).toBeVisible();
      await book.addButton.click();
      await expect(book.dialog).toBeVisible();
      await expect(book.dialog.getByRole("heading", { name: "Add Address" })).toBeVisible();

      // the new fields, India to start with, and the submit button in reach without scrolling
      await expect(book.field("country")).toHaveValue("India");
      for (const label of [
        "Receiver's name",
        "Flat / house / floor",
        "Landmark",
        "Address Line",
        "Pincode",
        "Mobile No.",
      ]) {
        await expect(book.dialog.getByLabel(label, { exact: false }).first()).toBeVisible();
      }
      await expectReachable(page, book.saveButton);
      if (device.name === "phone") {
        // a bottom sheet: full width, resting on the bottom edge
        const box = (await book.dialog.boundingBox())!;
        expect(Math.round(box.x)).toBe(0);
        expect(Math.round(box.width)).toBe(390);
        expect(Math.round(box.y + box.height)).toBe(844);
      }

      await book.fill({ ...GOOD, pincode: "12AB", mobile: "12" });
      await book.kind("Work").check();
      await book.submit();
      await expect(book.dialog.getByText(PINCODE_MESSAGE, { exact: true })).toBeVisible();
      await expect(book.field("pincode")).toHaveAccessibleDescription(PINCODE_MESSAGE);
      await expect(book.field("pincode")).toHaveAttribute("aria-invalid", "true");
      await expect(book.field("mobile")).toHaveAccessibleDescription(MOBILE_MESSAGE);
      await expect(book.dialog).toBeVisible();
      expect(await savedAddresses(user.email)).toBe(0);

      // correcting a field takes its message away as it is typed
      await book.field("pincode").fill("560025");
      await expect(book.dialog.getByText(PINCODE_MESSAGE)).toHaveCount(0);
      await book.field("mobile").fill(GOOD.mobile);
      await expectReachable(page, book.saveButton);
      await book.submit();
      await expect(book.toast("Address Created Successfully")).toBeVisible();
      await expect(book.dialog).toBeHidden();

      const card = book.card(GOOD.addressline);
      await expect(card).toBeVisible();
      await expect(card).toContainText("Work");
      await expect(card).toContainText(GOOD.house!);
      await expect(card).toContainText(GOOD.landmark!);
      await expect(card).toContainText("Meera Nair");
      await expect(card).toContainText("India - 560025");
      await expect(card).toContainText("9845012345");
      await expect(book.fixButton(card)).toHaveCount(0);
      expect(await savedAddresses(user.email)).toBe(1);
    });
  });
}

test.describe("an address saved before the rules", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("shows Fix this address in the book and at checkout, and the fixed address can be ordered to", async ({
    page,
  }) => {
    const user = await shopper(page, "addr-fix");
    const created = await page.request.post("/api/address/create", {
      data: {
        address_line: "9 Old Market Lane",
        city: "Pune",
        state: "Maharashtra",
        pincode: "560001",
        country: "India",
        mobile: "9822012345",
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    // what an address saved before today's rules looks like
    await query(
      `UPDATE "Address" SET pincode = '12AB' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
      [user.email],
    );

    const book = new AddressPage(page);
    await book.goto();
    const card = book.card("9 Old Market Lane");
    await expect(card).toContainText(
      `This address needs fixing before you can order to it: ${PINCODE_MESSAGE}`,
    );
    await book.fixButton(card).click();
    await expect(book.dialog.getByRole("heading", { name: "Edit Address" })).toBeVisible();
    await expect(book.field("addressline")).toHaveValue("9 Old Market Lane");
    await expect(book.field("pincode")).toHaveValue("12AB");
    await expect(book.field("pincode")).toHaveAccessibleDescription(PINCODE_MESSAGE);
    await page.keyboard.press("Escape");
    await expect(book.dialog).toBeHidden();

    // at checkout too, and ordering to it is refused until it is fixed
    for (const product of await stockedProducts(page.request, 1, { page: 3 })) {
      const res = await page.request.post("/api/cart/create", { data: { productId: product._id } });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    const choice = checkout.page.getByTestId("checkout-addresses");
    await expect(choice.getByText(/This address needs fixing before you can order to it/)).toBeVisible();
    await choice.getByRole("button", { name: "Fix this address" }).click();
    await expect(checkout.addressDialog).toBeVisible();
    const fix = new AddressPage(page);
    await expect(fix.field("pincode")).toHaveAccessibleDescription(PINCODE_MESSAGE);
    await fix.field("pincode").fill("560001");
    await expectReachable(page, fix.saveButton);
    await fix.submit();
    await expect(checkout.toast("Address Updated Successfully")).toBeVisible();
    await expect(checkout.addressDialog).toBeHidden();
    await expect(choice.getByRole("button", { name: "Fix this address" })).toHaveCount(0);
    await expect(checkout.address("9 Old Market Lane").getByRole("radio")).toBeChecked();
  });
});
