"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { createStore, deleteStore, pauseStore, updateStore } from "./admin";
import { createStoreSchema, deleteStoreSchema, pauseStoreSchema, updateStoreSchema } from "./schemas";

// The admin's Stores screen (issue 16): the same domain functions and input schemas as the /api/store calls.

export const pauseStoreAction = adminAction
  .inputSchema(input(pauseStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const store = await pauseStore(ctx.viewer, parsedInput);
    return {
      message: store.paused ? `${store.name} paused: shoppers see it now` : `${store.name} resumed`,
      data: { id: store.id },
    };
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
