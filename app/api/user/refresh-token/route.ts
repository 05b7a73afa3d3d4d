import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { rotateRefreshToken } from "@/lib/auth/tokens";
import { bearerToken } from "@/lib/auth/viewer-core";
import { AppError } from "@/lib/errors";
import { handle, ok, readJson } from "@/lib/http/respond";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";

const bodySchema = z.object({
  refreshToken: z.string({ error: "refreshToken must be a string" }).max(200).optional(),
});

/** Rotates a refresh token (Bearer or body `refreshToken`); reuse of a rotated token revokes its family. */
export const POST = handle(async (request) => {
  await consume(`refresh:ip:${clientIp(request.headers)}`, LIMITS.refreshPerIp);
  const body = await readJson(request, bodySchema);
  const token = body.refreshToken || bearerToken(request.headers.get("authorization"));
  if (!token) throw new AppError("UNAUTHENTICATED", "Send the refresh token as Bearer or as refreshToken");
  const { accessToken, refreshToken } = await rotateRefreshToken(token);
  return ok("New access token issued", { data: { accessToken, refreshToken } });
});
