// Catalogue input rules shared by the REST handlers, the pages and client components (sort pickers, search
// box). Deliberately without `import "server-only"`: it holds no server logic, only constants and zod schemas.
import "@/lib/zod-browser";
import { z } from "zod";
import { PRODUCT_SORTS } from "./sorts";

export { ADMIN_PAGE_SIZE, LISTING_PAGE_SIZE, PRODUCT_SORTS, SEARCH_PAGE_SIZE, type ProductSort } from "./sorts";

export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 100;
/** Products per home-page category row. */
export const CATEGORY_ROW_SIZE = 15;
/** The API refuses longer search text; the search itself reads only the first MAX_SEARCH_LENGTH characters. */
export const MAX_SEARCH_API_LENGTH = 200;
export const MAX_SEARCH_LENGTH = 100;

export const ID_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

/** The type message is kept apart from the rule messages so a missing field says "is required". */
const requiredString = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) });

export const idSchema = (label = "id") => requiredString(label).regex(ID_PATTERN, `${label} is not a valid id`);

export const pageSchema = z
  .int({ error: "page must be a whole number" })
  .min(1, "page must be at least 1")
  .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
  .default(1);

export const limitSchema = (fallback: number) =>
  z
    .int({ error: "limit must be a whole number" })
    .min(1, "limit must be at least 1")
    .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
    .default(fallback);

export const sortSchema = z
  .enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(", ")}` })
  .default("relevance");

export const searchTextSchema = z
  .string({ error: "search must be text" })
  .max(MAX_SEARCH_API_LENGTH, "Search text is too long")
  .default("");
