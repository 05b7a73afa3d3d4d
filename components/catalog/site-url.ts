import "server-only";
import { env } from "@/lib/env";

/** An absolute URL on the shop's public address (APP_URL), for canonical links, Open Graph and the sitemap. */
export const absoluteUrl = (path: string): string => new URL(path, env().APP_URL).toString();
