import { handle, ok } from "@/lib/http/respond";
import { validate } from "@/lib/http/parse";
import { checkServiceability } from "@/lib/stores";
import { serviceabilityQuery } from "@/lib/stores/schemas";
import { serviceabilityToRest } from "../rest";

export const dynamic = "force-dynamic";

// GET /api/store/serviceability?pincode=560034 or ?lat=12.93&lng=77.62: the serving store and its promise now.
// Not served: 200 with serviceable false and the message naming the pincode; malformed input: 400.
export const GET = handle(async (request) => {
  const params = new URL(request.url).searchParams;
  const query = validate(
    serviceabilityQuery,
    {
      pincode: params.get("pincode") ?? undefined,
      lat: params.get("lat") ?? undefined,
      lng: params.get("lng") ?? undefined,
    },
    "standalone",
  );
  const result = await checkServiceability(query);
  return ok(result.message, { data: serviceabilityToRest(result) });
});
