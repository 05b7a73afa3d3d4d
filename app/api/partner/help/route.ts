import { requirePartner } from "@/lib/auth/partner";
import { handle, ok, readJson } from "@/lib/http/respond";
import { askForHelp, HELP_SENT } from "@/lib/partners/app";
import { helpSchema } from "@/lib/partners/app-schema";

// POST /api/partner/help {orderId, note?}: "Need help", logged on the order for the store's board.
export const POST = handle(async (request) => {
  const partner = await requirePartner(request);
  const body = await readJson(request, helpSchema);
  return ok(HELP_SENT, { data: await askForHelp(partner, body) }, 201);
});
