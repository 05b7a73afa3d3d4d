import { fail, ok, withApiEdge } from "@/lib/http/respond";
import { checkReadiness } from "@/lib/ops/readiness";

export const dynamic = "force-dynamic";

/** Readiness: the database is reachable and the schema is current. */
export const GET = withApiEdge(async () => {
  const { ready, reason } = await checkReadiness();
  return ready ? ok("ready") : fail(503, `not ready: ${reason}`);
});
