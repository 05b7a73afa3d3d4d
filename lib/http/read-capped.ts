import "server-only";

// Reads a request body with a byte cap while it streams in: a chunked body (no Content-Length) or one whose
// Content-Length lies can never make the server buffer more than `cap` bytes.

export class BodyTooLarge extends Error {
  constructor() {
    super("request body over the cap");
    this.name = "BodyTooLarge";
  }
}

/** The body's bytes; throws BodyTooLarge as soon as more than `cap` bytes have arrived (and stops reading). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** True when the Content-Length header already says the body is over `cap` (checked before reading anything). */
export function declaredOver(headers: Headers, cap: number): boolean {
  const declared = headers.get("content-length");
  if (declared === null || !/^\d+$/.test(declared.trim())) return false;
  return Number(declared) > cap;
}
