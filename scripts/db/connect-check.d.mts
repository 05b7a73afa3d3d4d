export function checkDatabaseUrl(url: string): Promise<void>;
export function redact(url: string): string;
