import "server-only";
import { env } from "@/lib/env";

/** The secret behind sessions, API tokens and code hashes. `npm start` always provides one. */
export function authSecret(): string {
  const secret = env().NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (!secret) {
    throw new Error(
      "NEXTAUTH_SECRET is not set; `npm start` generates one, or set it in .env (see .env.example).",
    );
  }
  return secret;
}

/** Cookies get the Secure flag (and next-auth's `__Secure-` names) when the shop is served over https. */
export function secureCookies(): boolean {
  return env().APP_URL.startsWith("https://");
}
