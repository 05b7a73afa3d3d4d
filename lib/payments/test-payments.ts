import "server-only";
import { demoToolsAllowed } from "@/lib/ops/demo-mode";

/** Whether the local test checkout may take card payments on this deployment (lib/ops/demo-mode.ts says when). */
export const testPaymentsAllowed = (): boolean => demoToolsAllowed();
