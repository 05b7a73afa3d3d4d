"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { createStore, deleteStore, pausedMessage, pauseStore, updateStore } from "./admin";
import { z } from "zod";
import {
  createStoreSchema,
  deleteStoreSchema,
  importStockSchema,
  pauseStoreSchema,
  setStockRowSchema,
  updateStoreSchema,
} from "./schemas";
import { productStockByStore, setStoreStock } from "./stock";
import { importStoreStockCsv, importedMessage } from "./stock-csv";

// The admin's Stores screen (issue 16): the same domain functions and input schemas as the /api/store calls.

export const pauseStoreAction = adminAction
  .inputSchema(input(pauseStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const store = await pauseStore(ctx.viewer, parsedInput);
    return { message: pausedMessage(store), data: { id: store.id } };
  });

export const createStoreAction = adminAction
  .inputSchema(input(createStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const store = await createStore(ctx.viewer, parsedInput);
    return { message: `${store.name} created`, data: { id: store.id } };
  });

export const updateStoreAction = adminAction
  .inputSchema(input(updateStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const store = await updateStore(ctx.viewer, parsedInput);
    return { message: `${store.name} saved`, data: { id: store.id } };
  });

export const deleteStoreAction = adminAction
  .inputSchema(input(deleteStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const deleted = await deleteStore(ctx.viewer, parsedInput._id);
    return { message: `${deleted.name} deleted`, data: { id: deleted.id } };
  });

/** The stock screen's inline quantity (a COUNT movement, same function as PUT /api/store/stock). */
export const setStockRowAction = adminAction
  .inputSchema(input(setStockRowSchema))
  .action(async ({ parsedInput, ctx }) => {
    const [change] = await setStoreStock(ctx.viewer, {
      storeId: parsedInput.storeId,
      items: [{ productId: parsedInput.productId, stock: parsedInput.stock }],
    });
    return { message: `${change!.name}: ${change!.stock} in stock`, data: change! };
  });

/** The stock screen's CSV import: all or nothing, every bad line reported. */
export const importStockAction = adminAction
  .inputSchema(input(importStockSchema))
  .action(async ({ parsedInput, ctx }) => {
    const changes = await importStoreStockCsv(ctx.viewer, parsedInput.storeId, parsedInput.csv);
    return { message: importedMessage(changes), data: { lines: changes.length } };
  });

/** The product form's "Stock per store" (read-only there; each store's stock screen sets it). */
export const productStockByStoreAction = adminAction
  .inputSchema(input(z.object({ productId: z.string().trim().min(1, "productId is required").max(64) })))
  .action(async ({ parsedInput }) => ({ message: "", data: await productStockByStore(parsedInput.productId) }));
