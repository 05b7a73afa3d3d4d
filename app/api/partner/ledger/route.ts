import { toRestCashEntry } from "@/app/api/_rest/cash";
import { requirePartner } from "@/lib/auth/partner";
import { handle, ok } from "@/lib/http/respond";
import { toRupees } from "@/lib/money";
import { partnerLedger } from "@/lib/partners/ledger";

// The calling partner's cash in hand and its entries, newest first (issue 17).
export const GET = handle(async (request) => {
  const partner = await requirePartner(request);
  const ledger = await partnerLedger(partner.partnerId);
  return ok("Cash in hand", {
    data: { cashInHand: toRupees(ledger.balancePaise), entries: ledger.entries.map(toRestCashEntry) },
  });
});
