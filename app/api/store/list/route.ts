import { handle, ok } from "@/lib/http/respond";
import { listStores } from "@/lib/stores";
import { storeToRest } from "../rest";

export const dynamic = "force-dynamic";

// GET /api/store/list: every dark store, `open` meaning taking orders right now.
export const GET = handle(async () => {
  const stores = await listStores();
  return ok("Stores", { data: stores.map(storeToRest) });
});
