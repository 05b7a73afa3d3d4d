import "server-only";
import { buildAuthOptions } from "@/lib/auth/options";
import { restoreLocationCookie } from "@/lib/stores/choose";
import { authenticate } from "./login";

/**
 * next-auth's options with the shop's own e-mail and password check (the adapter in lib/auth knows no accounts). A
 * browser without a delivery location gets the one kept on the account when its owner signs in (issue 16).
 */
export const getAuthOptions = () =>
  buildAuthOptions(async (credentials, context) => {
    const user = await authenticate(credentials, context);
    await restoreLocationCookie(user.id);
    return user;
  });
