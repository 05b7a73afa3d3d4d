export const PASSWORD_FILE: string;
export function embeddedPasswordFile(dataDir: string): string;
export function ensureEmbeddedPassword(dataDir: string): { password: string; created: boolean; file: string };
export function embeddedDatabaseUrl(options: { dataDir: string; port: number | string; database?: string }): string;
