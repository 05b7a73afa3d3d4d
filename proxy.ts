import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

// Coarse redirects only (DESIGN.md): a guest opening an account page goes to /login and comes back afterwards.
// Whether the session is still live (sessionVersion, status) and the ADMIN role are checked in lib, where the data
// is touched; admin pages show "Do not have permission" to other users (spec §6).

export async function proxy(request: NextRequest) {
  const secret = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  const secureCookie = (process.env.APP_URL ?? "").startsWith("https://");
  const token = secret ? await getToken({ req: request, secret, secureCookie }) : null;
  if (token?.sub) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = { matcher: ["/user", "/dashboard/:path*"] };
