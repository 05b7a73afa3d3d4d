import { randomBytes, randomUUID } from "node:crypto";

// Calls route handlers directly, as Next would, with a fresh client IP per call unless one is given (the rate
// limits of one test must not spill into the next).

export type CallOptions = {
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** a raw body (string or FormData) instead of JSON */
  raw?: BodyInit;
};

export const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;
export const uniqueEmail = (tag = "shopper") => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export function makeRequest(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Request {
  const headers = new Headers(options.headers);
  headers.set("x-forwarded-for", options.ip ?? randomIp());
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  let payload: BodyInit | undefined = options.raw;
  if (payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    headers.set("content-type", "application/json");
  }
  return new Request(`http://localhost${path}`, { method, headers, body: payload });
}

type Handler = (request: Request, context: never) => Promise<Response>;

export type ApiResult = {
  status: number;
  body: { success: boolean; error: boolean; message: string; data?: unknown; [key: string]: unknown };
  response: Response;
};

export async function call(
  handler: Handler,
  method: string,
  path: string,
  body?: unknown,
  options?: CallOptions,
): Promise<ApiResult> {
  const response = await handler(makeRequest(method, path, body, options), {
    params: Promise.resolve({}),
  } as never);
  const text = await response.clone().text();
  let parsed: ApiResult["body"];
  try {
    parsed = JSON.parse(text) as ApiResult["body"];
  } catch {
    parsed = { success: false, error: true, message: text };
  }
  return { status: response.status, body: parsed, response };
}

/** The Set-Cookie lines of a response, by cookie name. */
export function setCookies(response: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf("="));
    out.set(name, line);
  }
  return out;
}
