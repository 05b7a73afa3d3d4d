import { NextResponse } from "next/server";
import { withApiEdge } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. */
export const GET = withApiEdge(async () => NextResponse.json({ success: true, error: false, message: "ok" }));
