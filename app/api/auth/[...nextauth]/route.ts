import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/accounts/auth-options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth v4's App Router handler (csrf, sign-in callback, session, sign-out). Options are built per request
// so that a build without NEXTAUTH_SECRET still succeeds.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, getAuthOptions());
}

export { handler as GET, handler as POST };
