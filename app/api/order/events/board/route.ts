import { requireAdmin } from "@/lib/auth/viewer";
import { boardEventStream, SSE_HEADERS } from "@/lib/events/stream";
import { handle } from "@/lib/http/respond";

// GET /api/order/events/board : admins only (401 / 403); a `change` event whenever any order's status, partner or
// help request changes, so the orders board re-reads itself live (issue 17). Same proxy settings as the order stream.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  return new Response(boardEventStream(request.signal), {
    headers: SSE_HEADERS,
  });
});
