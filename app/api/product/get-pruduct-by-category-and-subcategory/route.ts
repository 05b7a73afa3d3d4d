// The contract's path, misspelt as the existing clients call it; the alias is get-product-by-category-and-subcategory.
export { POST } from "./handler";
