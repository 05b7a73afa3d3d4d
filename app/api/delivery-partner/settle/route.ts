import { toRestCashEntry } from "@/app/api/_rest/cash";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { toPaise, toRupees } from "@/lib/money";
import { settleSchema } from "@/lib/partners/cash-schema";
import { SETTLED_MESSAGE, settleCash } from "@/lib/partners/ledger";

// Cash handed to the store by a partner (issue 17): 400 above the partner's balance, 404 for an unknown partner.
export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, settleSchema);
  const result = await settleCash(admin, { partnerId: input.partnerId, amountPaise: toPaise(input.amount) });
  return ok(SETTLED_MESSAGE, {
    data: {
      partnerId: input.partnerId,
      balance: toRupees(result.balancePaise),
      entry: toRestCashEntry(result.entry),
    },
  });
});
