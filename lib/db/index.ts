import "server-only";

// The only door to the database: domain modules import the client and its types from here.
export { prisma } from "./client";
export { isDatabaseUnavailable } from "./availability";
export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";
export * from "@/lib/generated/prisma/enums";
export { runTx, afterCommit, isRetryable, Isolation, type Tx, type TxOptions, type IsolationLevel } from "./tx";
