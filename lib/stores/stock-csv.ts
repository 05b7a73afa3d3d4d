import "server-only";
import type { AuditActor } from "@/lib/audit";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { idFromSlug, slugWithId } from "@/lib/slug";
import { STORE_NOT_FOUND } from "./admin";
import { STOCK_MAX } from "./schemas";
import { applyStock, type StockChange } from "./stock";

// A store's stock as a spreadsheet (issue 16, "Stock per store"): export every published product with the store's
// quantity; import a file of (product id or slug, quantity). An import is all or nothing: every bad line is reported
// by its line number and a file with any error changes nothing. Applied lines are IMPORT movements in the ledger.

export const STOCK_CSV_HEADER = ["product_id", "slug", "name", "unit", "stock"] as const;
/** the largest file an import reads (a whole 5,000-product shelf is ~400 kB) */
export const STOCK_CSV_MAX_BYTES = 2_000_000;
const MAX_LINES = 20_000;

const quote = (cell: string | number) => {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The store's shelf as CSV (header first, then one line per published product, by name). */
export async function storeStockCsv(storeId: string): Promise<string> {
  const store = await prisma.store.findUnique({ where: { id: storeId }, select: { id: true } });
  if (!store) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  const rows = await prisma.$queryRaw<{ id: string; name: string; unit: string; stock: number }[]>`
    SELECT p.id, p.name, p.unit, COALESCE(s.stock, 0)::int AS stock
    FROM "Product" p LEFT JOIN "StoreStock" s ON s."storeId" = ${storeId} AND s."productId" = p.id
    WHERE p.published
    ORDER BY p.name ASC, p.id ASC`;
  const lines = [STOCK_CSV_HEADER.join(",")];
  for (const r of rows)
    lines.push([r.id, slugWithId(r.name, r.id), r.name, r.unit, r.stock].map(quote).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else cell += c;
  }
  if (cell !== "" || record.length) endRecord();
  return records;
}

const HEADER_PRODUCT = ["product_id", "productid", "product", "id"];
const HEADER_SLUG = ["slug"];
const HEADER_QUANTITY = ["stock", "quantity", "qty"];

/**
 * Imports a CSV of the store's quantities: a header naming a product column (product_id or slug; both may be there)
 * and a quantity column (stock or quantity). Returns the lines applied, before and after.
 */
export async function importStoreStockCsv(
  actor: AuditActor,
  storeId: string,
  text: string,
): Promise<StockChange[]> {
  const store = await prisma.store.findUnique({ where: { id: storeId }, select: { id: true } });
  if (!store) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  const records = parseCsv(text.replace(/^\uFEFF/, "")).filter((r) => r.some((c) => c.trim() !== ""));
  if (records.length < 2)
    throw new AppError("VALIDATION", "The file has no rows: a header line and one line per product");
  if (records.length > MAX_LINES)
    throw new AppError("VALIDATION", `The file has more than ${MAX_LINES} lines`);
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const col = (names: string[]) => header.findIndex((h) => names.includes(h));
  const idCol = col(HEADER_PRODUCT);
  const slugCol = col(HEADER_SLUG);
  const qtyCol = col(HEADER_QUANTITY);
  if ((idCol < 0 && slugCol < 0) || qtyCol < 0)
    throw new AppError(
      "VALIDATION",
      "The first line must name the columns: product_id (or slug) and stock (or quantity)",
    );

  const problems: string[] = [];
  const wanted: { line: number; productId: string; stock: number }[] = [];
  records.slice(1).forEach((r, i) => {
    const line = i + 2;
    const ref = (idCol >= 0 ? r[idCol]?.trim() : "") || (slugCol >= 0 ? r[slugCol]?.trim() : "") || "";
    const productId = ref ? idFromSlug(ref) : null;
    const raw = r[qtyCol]?.trim() ?? "";
    const stock = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!productId) problems.push(`line ${line}: no product id or slug`);
    else if (!Number.isInteger(stock) || stock > STOCK_MAX)
      problems.push(
        `line ${line} (${ref}): stock must be a whole number from 0 to ${STOCK_MAX}, not "${raw}"`,
      );
    else wanted.push({ line, productId, stock });
  });
  const products = await prisma.product.findMany({
    where: { id: { in: wanted.map((w) => w.productId) }, published: true },
    select: { id: true, name: true },
  });
  const names = new Map(products.map((p) => [p.id, p.name]));
  const seen = new Map<string, number>();
  const rows: { productId: string; stock: number; name: string }[] = [];
  for (const w of wanted) {
    const name = names.get(w.productId);
    if (!name) problems.push(`line ${w.line} (${w.productId}): no such product`);
    else if (seen.has(w.productId))
      problems.push(`line ${w.line} (${w.productId}): listed twice (first on line ${seen.get(w.productId)})`);
    else rows.push({ productId: w.productId, stock: w.stock, name });
    if (!seen.has(w.productId)) seen.set(w.productId, w.line);
  }
  if (problems.length) {
    problems.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
    const count = problems.length === 1 ? "1 line has an error" : `${problems.length} lines have errors`;
    const shown = problems.slice(0, 50);
    const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more` : "";
    throw new AppError("VALIDATION", `${count}; nothing was changed. ${shown.join("; ")}${more}`, {
      fieldErrors: { file: shown },
    });
  }
  // only the lines that change anything take a lock (a re-imported export is mostly unchanged)
  const current = await prisma.storeStock.findMany({
    where: { storeId, productId: { in: rows.map((r) => r.productId) } },
    select: { productId: true, stock: true },
  });
  const now = new Map(current.map((c) => [c.productId, c.stock]));
  const changed = rows.filter((r) => (now.get(r.productId) ?? 0) !== r.stock);
  const applied = changed.length ? await applyStock(actor, storeId, changed, "IMPORT") : [];
  const byId = new Map(applied.map((c) => [c.productId, c]));
  return rows.map((r) => byId.get(r.productId) ?? { ...r, before: r.stock });
}

/** "Stock imported: 12 products changed, 40 unchanged" */
export function importedMessage(changes: readonly StockChange[]): string {
  const changed = changes.filter((c) => c.before !== c.stock).length;
  const same = changes.length - changed;
  return `Stock imported: ${changed} ${changed === 1 ? "product" : "products"} changed, ${same} unchanged`;
}
