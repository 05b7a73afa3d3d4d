"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { setHighDemand, updateShopFees, updateStoreFees } from "./settings";
import { highDemandSchema, shopFeesSchema, storeFeesSchema } from "./schemas";

// The admin's Fees screen (issue 18). Carts show a change at once on this instance, within 15 s on others; placed
// orders keep the bill they were placed with.

export const updateShopFeesAction = adminAction
  .inputSchema(input(shopFeesSchema))
  .action(async ({ parsedInput, ctx }) => {
    await updateShopFees(ctx.viewer, parsedInput);
    return { message: "Fees saved: new carts and orders use them", data: null };
  });

export const updateStoreFeesAction = adminAction
  .inputSchema(input(storeFeesSchema))
  .action(async ({ parsedInput, ctx }) => {
    await updateStoreFees(ctx.viewer, parsedInput);
    return { message: "Store fees saved", data: null };
  });

export const setHighDemandAction = adminAction
  .inputSchema(input(highDemandSchema))
  .action(async ({ parsedInput, ctx }) => {
    await setHighDemand(ctx.viewer, parsedInput);
    return {
      message: parsedInput.on ? "High demand fee switched on for this store" : "High demand fee switched off",
      data: null,
    };
  });
