import "server-only";
import { buildAuthOptions } from "@/lib/auth/options";
import { authenticate } from "./login";

/** next-auth's options with the shop's own e-mail and password check (the adapter in lib/auth knows no accounts). */
export const getAuthOptions = () => buildAuthOptions(authenticate);
