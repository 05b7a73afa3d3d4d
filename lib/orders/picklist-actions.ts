"use server";

import { input, staffAction } from "@/lib/actions/clients";
import { workStoreSchema } from "@/lib/stores/staff-schema";
import { markPickLine, packedMessage, packPickedOrder, pickList } from "./picklist";
import { packOrderSchema, pickLineSchema } from "./picklist-schema";

// The store screen's pick list (issue 16): the same functions as GET /api/store/picklist and its PUT calls, for a
// store's staff (their store) or an admin (any store).

export const pickListAction = staffAction
  .inputSchema(input(workStoreSchema))
  .action(async ({ parsedInput, ctx }) => ({ message: "", data: await pickList(ctx.worker, parsedInput.storeId) }));

export const markPickLineAction = staffAction
  .inputSchema(input(pickLineSchema))
  .action(async ({ parsedInput, ctx }) => ({ message: "", data: await markPickLine(ctx.worker, parsedInput) }));

export const packOrderAction = staffAction
  .inputSchema(input(packOrderSchema))
  .action(async ({ parsedInput, ctx }) => {
    const order = await packPickedOrder(ctx.worker, parsedInput.orderId);
    return { message: packedMessage(order), data: { orderNumber: order.orderNumber, status: order.status } };
  });
