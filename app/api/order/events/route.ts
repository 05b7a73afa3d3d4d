import { requireUser } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import { orderEventStream, parseLastEventId, SSE_HEADERS } from "@/lib/events/stream";
import { handle } from "@/lib/http/respond";
import { watchableOrderId } from "@/lib/orders/events";

// GET /api/order/events?orderId=KM-… : the order's live events as Server-Sent Events (issue 17) for its owner or an
// admin (401 without a session, 404 for anyone else). A reconnecting EventSource sends Last-Event-ID and gets what
// it missed. Behind nginx the stream needs `proxy_buffering off` (README, "Live events").
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const url = new URL(request.url);
  const orderNumber = url.searchParams.get("orderId")?.trim();
  if (!orderNumber) throw new AppError("VALIDATION", "orderId is required");
  const orderId = await watchableOrderId(viewer, orderNumber);
  const after = parseLastEventId(request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"));
  return new Response(orderEventStream(orderId, after, request.signal), {
    headers: SSE_HEADERS,
  });
});
