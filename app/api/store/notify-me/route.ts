import { clientIp } from "@/lib/auth/client-ip";
import { getViewer } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { notifyMeMessage, requestNotification } from "@/lib/stores";
import { notifyMeSchema } from "@/lib/stores/schemas";

// POST /api/store/notify-me {email, pincode, area?}: "tell me when you deliver here"; limited per address and e-mail.
export const POST = handle(async (request) => {
  const input = await readJson(request, notifyMeSchema);
  const viewer = await getViewer(request);
  const data = await requestNotification(input, {
    ip: clientIp(request.headers),
    userId: viewer?.id ?? null,
  });
  return ok(notifyMeMessage(data.pincode), { data }, 201);
});
