"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { toPaise } from "@/lib/money";
import { settleSchema } from "./cash-schema";
import { SETTLED_MESSAGE, settleCash } from "./ledger";

/** The Cash screen's "Record settlement" (same domain function as POST /api/delivery-partner/settle). */
export const settleCashAction = adminAction
  .inputSchema(input(settleSchema))
  .action(async ({ parsedInput, ctx }) => {
    const result = await settleCash(ctx.viewer, {
      partnerId: parsedInput.partnerId,
      amountPaise: toPaise(parsedInput.amount),
    });
    return { message: SETTLED_MESSAGE, data: { balancePaise: result.balancePaise } };
  });
