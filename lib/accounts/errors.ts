import "server-only";
import { Prisma } from "@/lib/db";

export const EMAIL_TAKEN = "An account with this email already exists";

/** A unique-constraint violation (P2002), e.g. two registrations racing for one e-mail. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
