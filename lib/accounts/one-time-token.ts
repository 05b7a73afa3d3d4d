// The single-use links of lib/accounts (e-mail verification tokens, password-reset grants): opaque tokens kept only
// as sha256 hashes (hashToken in lib/auth/tokens.ts), each row used once and dead after its expiry.

/** The columns every single-use token row is judged by; a select adds what its own use needs. */
export const SINGLE_USE_TOKEN = { id: true, userId: true, expiresAt: true, usedAt: true } as const;

/** Whether a single-use token is still good: not used yet and not expired. */
export function isUnspent(row: { usedAt: Date | null; expiresAt: Date }): boolean {
  return !row.usedAt && row.expiresAt > new Date();
}
