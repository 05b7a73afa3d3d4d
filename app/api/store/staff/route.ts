import { requireAdmin } from "@/lib/auth/viewer";
import { validate } from "@/lib/http/parse";
import { handle, ok } from "@/lib/http/respond";
import { listStaff } from "@/lib/stores/staff";
import { staffListSchema } from "@/lib/stores/staff-schema";
import { staffToRest } from "../rest";

export const dynamic = "force-dynamic";

// GET /api/store/staff?storeId=main (admin, issue 16): the store's staff, newest first, with their account state.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { storeId } = validate(staffListSchema, { storeId: new URL(request.url).searchParams.get("storeId") ?? undefined });
  return ok("Store staff", { data: (await listStaff(storeId)).map(staffToRest) });
});
