import { NextResponse } from "next/server";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. */
export function GET() {
  return NextResponse.json({ success: true, error: false, message: "ok" });
}
