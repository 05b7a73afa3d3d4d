import "server-only";
import { hash, verify } from "@node-rs/argon2";

// Argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
