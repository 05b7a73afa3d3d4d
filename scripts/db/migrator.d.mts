export const MIGRATIONS_DIR: string;
export function listMigrations(dir?: string): Promise<{ name: string; sql: string; checksum: string }[]>;
export function migrate(
  connectionString: string,
  options?: { dir?: string; log?: (message: string) => void },
): Promise<string[]>;
