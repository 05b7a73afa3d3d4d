import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { CheckoutPage } from "./pages/checkout-page";
import { OrdersPage } from "./pages/orders-page";
import { signedInShopper } from "./support/shopper";
import { adminApi, listProducts, type ApiProduct } from "./support/shop-api";

// Issue 18, "One bill, computed on the server", on a 390 px phone with the shop's default fees (delivery ₹30, free
// from ₹199; handling ₹4; small cart ₹20 below ₹99): a small cart shows the small-cart and delivery fees with the
// nudges to the next saving, each fee explains itself; adding items makes delivery free ("Delivery Charge: Free");
// the order placed from it shows the same bill, line for line.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 300_000 });

const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;
/** The shop's price after discount (lib/money.ts: the discount rounded up to whole rupees). */
const priceOf = (p: ApiProduct) => p.price - Math.ceil((p.price * p.discount) / 100);

let ip = "";
test.beforeEach(async ({ page }) => {
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

const newShopper = (page: Page) => signedInShopper(page, "bill", ip);

/** A product of whole rupees between ₹25 and ₹60 after discount, with stock to spare. */
async function cheapProduct(page: Page): Promise<ApiProduct> {
  for (const n of [9, 10, 11, 12]) {
    const found = (await listProducts(page.request, n)).find(
      (p) => p.stock >= 30 && Number.isInteger(p.price) && priceOf(p) >= 25 && priceOf(p) <= 60,
    );
    if (found) return found;
  }
  throw new Error("no product between ₹25 and ₹60 in the demo catalogue");
}

test("a small cart shows its fees and the way to free delivery; more items make delivery free; the order keeps that bill", async ({
  page,
  request,
}) => {
  const admin = await adminApi(request, ip);
  await newShopper(page);
  const product = await cheapProduct(page);
  const unit = priceOf(product);
  const added = await page.request.post("/api/cart/create", { data: { productId: product._id } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.goto("/cart");
  const bill = page.getByTestId("bill-details");
  await expect(bill).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("bill-items-total")).toContainText(rupees(unit));
  await expect(page.getByTestId("bill-deliveryFee")).toHaveText("₹30");
  await expect(page.getByTestId("bill-handlingFee")).toHaveText("₹4");
  await expect(page.getByTestId("bill-smallCartFee")).toHaveText("₹20");
  await expect(page.getByTestId("bill-grand-total")).toHaveText(rupees(unit + 54));
  await expect(page.getByTestId("cart-nudge-smallCart")).toHaveText(
    `Add ${rupees(99 - unit)} more to avoid the ₹20 small cart fee`,
  );
  await expect(page.getByTestId("cart-nudge-freeDelivery")).toHaveText(`Add ${rupees(199 - unit)} more for free delivery`);
  // Proceed shows what the shopper will pay
  await expect(page.getByTestId("cart-proceed")).toContainText(rupees(unit + 54));

  // every fee explains itself: the "i" opens a line of text, by touch or keyboard
  const why = page.getByTestId("bill-deliveryFee-explain");
  await expect(why).toBeHidden();
  await bill.getByText("Delivery Charge").click();
  await expect(why).toHaveText("Free delivery on orders of ₹199 and above");
  await bill.getByText("Small cart fee").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("bill-smallCartFee-explain")).toHaveText("Applies to orders below ₹99");

  // more of it until the items reach ₹199: delivery is free, the small-cart fee and the nudges are gone
  const quantity = Math.ceil(199 / unit);
  const increase = page.getByRole("button", { name: `Increase quantity of ${product.name}` }).first();
  for (let q = 2; q <= quantity; q++) {
    await increase.click();
    await expect(page.getByTestId("cart-quantity-value").first()).toHaveText(new RegExp(`${q}$`));
  }
  const items = unit * quantity;
  await expect(page.getByTestId("bill-items-total")).toContainText(rupees(items));
  await expect(bill).toContainText("Delivery Charge");
  await expect(page.getByTestId("bill-deliveryFee")).toHaveText("Free");
  await expect(page.getByTestId("bill-smallCartFee")).toHaveCount(0);
  await expect(page.getByTestId("cart-nudges")).toHaveCount(0);
  await expect(page.getByTestId("bill-grand-total")).toHaveText(rupees(items + 4));

  // checkout shows the same bill, and the order placed from it keeps it
  const address = await page.request.post("/api/address/create", {
    data: { address_line: "12 MG Road", city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "9876543210" },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await expect(checkout.summary).toContainText("Delivery Charge");
  await expect(page.getByTestId("summary-deliveryFee")).toHaveText("Free");
  await expect(page.getByTestId("summary-handlingFee")).toHaveText("₹4");
  await expect(checkout.grandTotal).toHaveText(rupees(items + 4));
  const partnerFree = await admin.ensureFreePartner();
  await checkout.cashOnDelivery.click();
  if (partnerFree) {
    await expect(checkout.confirmed).toBeVisible({ timeout: 30_000 });
    await checkout.confirmed.getByRole("button", { name: "Close" }).click();
  }
  await expect(page).toHaveURL(/\/success\?text=Order/, { timeout: 30_000 });

  const orders = new OrdersPage(page);
  await orders.goto();
  await expect(orders.cards).toHaveCount(1);
  const orderId = (await orders.cards.first().getAttribute("data-order-id"))!;
  await orders.gotoOrder(orderId);
  const receipt = page.getByTestId("order-detail");
  await expect(receipt).toContainText("Delivery Charge");
  await expect(receipt.getByTestId("order-items-total")).toContainText(rupees(items));
  await expect(receipt.getByTestId("order-deliveryFee")).toHaveText("Free");
  await expect(receipt.getByTestId("order-handlingFee")).toHaveText("₹4");
  await expect(receipt.getByTestId("order-grand-total")).toHaveText(rupees(items + 4));
  await receipt.getByText("Handling fee").click();
  await expect(receipt.getByTestId("order-handlingFee-explain")).toHaveText("Covers picking and packing your order at the store");

  await admin.finish(orderId);
});
