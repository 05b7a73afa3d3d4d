// Correctly spelt alias of get-pruduct-by-category-and-subcategory: the same handler.
export { POST } from "../get-pruduct-by-category-and-subcategory/handler";
