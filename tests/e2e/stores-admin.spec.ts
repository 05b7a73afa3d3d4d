import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { toast } from "./pages/admin-catalog-pages";

// The admin's Stores screen (issue 16): create a store, pause it with a reason (the REST list and so every shopper
// sees it), resume, edit, delete; the default store refuses deletion with the reason. The store made here serves no
// place the other tests use (a 0.2 km circle outside the city), so pausing it cannot disturb them.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

async function listed(page: Page, id: string) {
  const res = await page.request.get("/api/store/list");
  const body = (await res.json()) as {
    data: { _id: string; paused: boolean; pausedReason: string | null }[];
  };
  return body.data.find((s) => s._id === id);
}

for (const vp of VIEWPORTS) {
  test(`an admin creates, pauses, resumes, edits and deletes a store (${vp.name})`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signIn(page, DEMO_ADMIN);
    const name = `Test Store ${vp.name} ${randomInt(1e6)}`;
    await page.goto("/dashboard/stores");
    await expect(page.getByRole("heading", { name: "Stores", level: 1 })).toBeVisible();
    await expect(page.locator('[data-store-id="main"]')).toContainText("Default store");

    await page.getByRole("button", { name: "New store" }).click();
    const dialog = page.getByTestId("store-dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Area").fill("Outskirts");
    await dialog.getByLabel("Address").fill("1 Test Road");
    await dialog.getByLabel("Latitude").fill("12.80");
    await dialog.getByLabel("Longitude").fill("77.40");
    await dialog.getByLabel("Service radius (km)").fill("0.2");
    await dialog.getByLabel("Opens at").fill("25:00");
    await dialog.getByRole("button", { name: "Create store" }).click();
    // the server's own check, under its field, and nothing is created
    await expect(dialog.getByText(/opensAt must be a time between 00:00 and 24:00/)).toBeVisible();
    await dialog.getByLabel("Opens at").fill("00:00");
    await dialog.getByRole("button", { name: "Create store" }).click();
    await expect(toast(page, `${name} created`)).toBeVisible();

    const row = page.getByTestId("store-row").filter({ hasText: name });
    await expect(row.getByTestId("store-state")).toHaveText("Open, taking orders");
    const id = (await row.getAttribute("data-store-id"))!;

    await row.getByRole("button", { name: "Pause" }).click();
    const pause = page.getByTestId("pause-dialog");
    await pause.getByRole("button", { name: "Pause store" }).click();
    await expect(pause.getByText(/reason is required to pause a store/)).toBeVisible();
    await pause.getByRole("button", { name: "Heavy rain" }).click();
    await pause.getByRole("button", { name: "Pause store" }).click();
    await expect(row.getByTestId("store-state")).toHaveText("Paused: Heavy rain");
    expect(await listed(page, id)).toMatchObject({ paused: true, pausedReason: "Heavy rain" });

    await row.getByRole("button", { name: "Resume" }).click();
    await expect(row.getByTestId("store-state")).toHaveText("Open, taking orders");
    expect(await listed(page, id)).toMatchObject({ paused: false });

    await row.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Pickers").fill("5");
    await dialog.getByRole("button", { name: "Save store" }).click();
    await expect(toast(page, `${name} saved`)).toBeVisible();
    await expect(row).toContainText("5 pickers");

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `${name} deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await listed(page, id)).toBeUndefined();

    // the default store cannot go: the reason is shown and it stays
    const main = page.locator('[data-store-id="main"]');
    await main.getByRole("button", { name: /^Delete / }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, /default store/i)).toBeVisible();
    await expect(main).toBeVisible();
  });
}
