import type { Locator, Page } from "@playwright/test";

// Page objects of the admin catalogue screens: categories, sub-categories, upload product and the product list.

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A toast with exactly this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

export class AdminCategoryPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly cards: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Category" });
    this.addButton = page.getByRole("button", { name: "Add Category" });
    this.dialog = page.getByTestId("category-dialog");
    this.cards = page.getByTestId("category-card");
    this.confirm = page.getByTestId("confirm-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/category");
  }

  card(name: string) {
    return this.cards.filter({ hasText: name });
  }

  async add(name: string, image: UploadFile) {
    await this.addButton.click();
    await this.dialog.getByLabel("Name").fill(name);
    await this.dialog.getByTestId("image-input").setInputFiles(image);
    await this.dialog.getByTestId("image-preview").waitFor();
    await this.dialog.getByRole("button", { name: "Add Category" }).click();
  }

  async delete(name: string) {
    await this.card(name).getByRole("button", { name: `Delete ${name}` }).click();
    await this.confirm.getByRole("button", { name: "Confirm" }).click();
  }
}

export class AdminSubCategoryPage {
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly rows: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.addButton = page.getByRole("button", { name: "Add Sub Category" });
    this.dialog = page.getByTestId("subcategory-dialog");
    this.rows = page.getByTestId("subcategory-row");
    this.confirm = page.getByTestId("confirm-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/subcategory");
  }

  row(name: string) {
    return this.rows.filter({ has: this.page.getByRole("cell", { name, exact: true }) });
  }

  async add(name: string, image: UploadFile, categoryName: string) {
    await this.addButton.click();
    await this.dialog.getByLabel("Name").fill(name);
    await this.dialog.getByTestId("image-input").setInputFiles(image);
    await this.dialog.getByTestId("image-preview").waitFor();
    await this.dialog.getByLabel("Select Category").selectOption({ label: categoryName });
    await this.dialog.getByRole("button", { name: "Add Sub Category" }).click();
  }

  async delete(name: string) {
    await this.row(name).getByRole("button", { name: `Delete ${name}` }).click();
    await this.confirm.getByRole("button", { name: "Confirm" }).click();
  }
}

export type ProductInput = {
  name: string;
  description: string;
  images: UploadFile[];
  category: string;
  subCategory: string;
  unit: string;
  stock: string;
  price: string;
  discount: string;
  extra: { field: string; value: string };
};

/** The product form, on Upload Product or inside the list's edit modal. */
export class AdminProductForm {
  readonly images: Locator;

  constructor(readonly page: Page, readonly root: Locator) {
    this.images = root.getByTestId("product-image");
  }

  field(label: string) {
    return this.root.getByLabel(label, { exact: true });
  }

  async fill(p: ProductInput) {
    await this.field("Name").fill(p.name);
    await this.field("Description").fill(p.description);
    await this.root.getByTestId("image-input").setInputFiles(p.images);
    await this.images.nth(p.images.length - 1).waitFor();
    await this.field("Category").selectOption({ label: p.category });
    await this.field("Sub Category").selectOption({ label: p.subCategory });
    await this.field("Unit").fill(p.unit);
    await this.field("Number of Stock").fill(p.stock);
    await this.field("Price").fill(p.price);
    await this.field("Discount").fill(p.discount);
    await this.root.getByRole("button", { name: "Add Fields" }).click();
    const addField = this.page.getByTestId("add-field-dialog");
    await addField.getByPlaceholder("Enter field name").fill(p.extra.field);
    await addField.getByRole("button", { name: "Add Field" }).click();
    await this.field(p.extra.field).fill(p.extra.value);
  }
}

export class AdminUploadProductPage {
  readonly form: AdminProductForm;
  readonly submit: Locator;
  readonly successDialog: Locator;

  constructor(readonly page: Page) {
    this.form = new AdminProductForm(page, page.getByTestId("product-form"));
    this.submit = page.getByRole("button", { name: "Submit", exact: true });
    this.successDialog = page.getByTestId("success-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/upload-product");
  }
}

export class AdminProductListPage {
  readonly search: Locator;
  readonly cards: Locator;
  readonly pageIndicator: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly editDialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByPlaceholder("Search product here ...");
    this.cards = page.getByTestId("admin-product-card");
    this.pageIndicator = page.getByTestId("page-indicator");
    this.previous = page.getByRole("button", { name: "Previous" });
    this.next = page.getByRole("button", { name: "Next" });
    this.editDialog = page.getByTestId("product-edit-dialog");
    this.confirm = page.getByTestId("confirm-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/product");
  }

  card(name: string) {
    return this.cards.filter({ hasText: name });
  }

  editForm() {
    return new AdminProductForm(this.page, this.editDialog.getByTestId("product-form"));
  }
}
