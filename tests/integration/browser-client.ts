import type { NextRequest as NextRequestType } from "next/server";
import { siteOf } from "@/lib/http/origin-list";
import { config, proxy } from "@/proxy";
import { randomIp } from "../fakes/accounts-api";

// A browser page on some origin calling the shop's REST API with `fetch(url, { credentials: "include" })`, as the
// seed's SPA does (axios `withCredentials`): it keeps no token of its own, only a cookie jar the browser fills from
// Set-Cookie, and follows the browser's rules. Each call goes to the route handler (whose wrapper applies CORS and the
// cross-site guard), through proxy.ts first where its matcher says so (preflights, NextAuth), as Next does.
//
// Browser rules kept here: a non-simple request (JSON body, PUT/DELETE) is preceded by a preflight, and not sent when
// the preflight does not allow it; the page reads an answer only when it carries Access-Control-Allow-Origin = its
// origin and Allow-Credentials true; cookies go to the shop only when their SameSite allows it from the page's site
// (Lax: same site; None: any site, Secure only) and until their Max-Age runs out (Date.now, so a faked clock ages
// them).

export const SHOP = "http://localhost:3000"; // APP_URL of the integration setup

type Handler = (request: Request, context: never) => Promise<Response>;
export type Routes = Record<string, Partial<Record<string, Handler>>>;

type Cookie = { value: string; expiresAt: number | null; sameSite: string; secure: boolean };

export type BrowserAnswer = {
  status: number;
  /** the JSON body, or null when the page may not read the answer (no CORS for its origin) */
  body: { success: boolean; error: boolean; message: string; data?: unknown; [key: string]: unknown } | null;
  /** false when the browser hides the answer from the page's script (CORS refused), or never sent it (preflight) */
  readable: boolean;
  /** true when the preflight refused the call and the request itself was never sent */
  preflightRefused: boolean;
  response: Response | null;
  setCookies: string[];
};

let NextRequest: typeof NextRequestType | undefined;
async function nextRequest(url: string, init: RequestInit): Promise<NextRequestType> {
  NextRequest ??= (await import("next/server")).NextRequest;
  return new NextRequest(url, init as ConstructorParameters<typeof NextRequestType>[1]);
}

/** Whether Next would run proxy.ts for this call (its matcher), as the real server decides. */
async function proxyRunsFor(path: string, headers: Headers): Promise<boolean> {
  const { unstable_doesMiddlewareMatch } = await import("next/experimental/testing/server");
  return unstable_doesMiddlewareMatch({ config, url: path, headers: Object.fromEntries(headers) });
}

const SIMPLE_METHODS = new Set(["GET", "HEAD", "POST"]);

export class BrowserPage {
  readonly jar = new Map<string, Cookie>();
  readonly ip = randomIp();

  constructor(
    readonly origin: string,
    private readonly routes: Routes,
  ) {}

  private get sameSite(): boolean {
    return siteOf(this.origin) === siteOf(SHOP);
  }

  private get crossOrigin(): boolean {
    return this.origin !== SHOP;
  }

  /** The Cookie header the browser would send with a call from this page. */
  cookieHeader(): string {
    const now = Date.now();
    const out: string[] = [];
    for (const [name, cookie] of this.jar) {
      if (cookie.expiresAt !== null && cookie.expiresAt <= now) {
        this.jar.delete(name);
        continue;
      }
      const allowed = this.sameSite || (cookie.sameSite === "none" && cookie.secure);
      if (allowed) out.push(`${name}=${encodeURIComponent(cookie.value)}`);
    }
    return out.join("; ");
  }

  /** Stores the Set-Cookie lines of an answer, as the browser does. */
  private store(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(";").map((p) => p.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const attr = new Map(
        attributes.map((a) => {
          const i = a.indexOf("=");
          return i < 0 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      );
      const sameSite = (attr.get("samesite") ?? "lax").toLowerCase();
      const secure = attr.has("secure");
      // a cross-site answer may set only SameSite=None; Secure cookies
      if (!this.sameSite && !(sameSite === "none" && secure)) continue;
      const maxAge = attr.has("max-age") ? Number(attr.get("max-age")) : null;
      if (maxAge !== null && maxAge <= 0) {
        this.jar.delete(name);
        continue;
      }
      this.jar.set(name, {
        value,
        expiresAt: maxAge === null ? null : Date.now() + maxAge * 1000,
        sameSite,
        secure,
      });
    }
  }

  private handler(method: string, path: string): Handler {
    const handler = this.routes[path]?.[method];
    if (!handler) throw new Error(`no route for ${method} ${path} in this test`);
    return handler;
  }

  /** The preflight a browser sends before a call it may not send unasked, answered by the proxy. */
  async preflight(path: string, method: string, headers: string[]): Promise<Response> {
    const probe = await nextRequest(`${SHOP}${path}`, {
      method: "OPTIONS",
      headers: {
        host: "localhost:3000",
        origin: this.origin,
        "access-control-request-method": method,
        ...(headers.length ? { "access-control-request-headers": headers.join(",") } : {}),
        "sec-fetch-site": this.sameSite ? "same-site" : "cross-site",
        "sec-fetch-mode": "cors",
      },
    });
    return proxy(probe);
  }

  /**
   * `fetch(SHOP + path, { method, credentials: "include", body: JSON })` from this page. `skipPreflight` sends the call
   * even where a browser would have stopped at the preflight: what an old browser, a form post or a hostile script
   * reaching the server would look like, to check that the server refuses on its own.
   */
  async fetch(
    method: string,
    path: string,
    body?: unknown,
    options: { skipPreflight?: boolean; headers?: Record<string, string> } = {},
  ): Promise<BrowserAnswer> {
    const json = body !== undefined;
    const extraHeaders = Object.keys(options.headers ?? {});
    const needsPreflight =
      this.crossOrigin && (!SIMPLE_METHODS.has(method) || json || extraHeaders.length > 0);
    if (needsPreflight && !options.skipPreflight) {
      const pre = await this.preflight(path, method, [...(json ? ["content-type"] : []), ...extraHeaders]);
      const allowed =
        pre.headers.get("access-control-allow-origin") === this.origin &&
        pre.headers.get("access-control-allow-credentials") === "true" &&
        (pre.headers.get("access-control-allow-methods") ?? "").includes(method);
      if (!allowed) {
        return {
          status: 0,
          body: null,
          readable: false,
          preflightRefused: true,
          response: null,
          setCookies: [],
        };
      }
    }

    const headers = new Headers({
      host: "localhost:3000",
      "x-forwarded-for": this.ip,
      "sec-fetch-site": !this.crossOrigin ? "same-origin" : this.sameSite ? "same-site" : "cross-site",
      "sec-fetch-mode": "cors",
      ...options.headers,
    });
    // browsers send Origin on every cross-origin call, and on same-origin ones that are not GET/HEAD
    if (this.crossOrigin || method !== "GET") headers.set("origin", this.origin);
    headers.set("referer", `${this.origin}/`);
    const cookie = this.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    if (json) headers.set("content-type", "application/json");
    const init = { method, headers, body: json ? JSON.stringify(body) : undefined };

    const call = () =>
      this.handler(method, path)(new Request(`${SHOP}${path}`, init), { params: Promise.resolve({}) } as never);
    let response: Response;
    if (!(await proxyRunsFor(path, headers))) {
      response = await call(); // the JSON API's edge is the route wrapper's (lib/http/api-edge.ts)
    } else {
      const edge = await proxy(await nextRequest(`${SHOP}${path}`, init));
      if (edge.headers.get("x-middleware-next") === "1") {
        response = await call();
        // Next copies the proxy's answer headers (CORS, Vary, the policy) onto the handler's answer
        const merged = new Headers(response.headers);
        for (const [name, value] of edge.headers) {
          if (!name.startsWith("x-middleware-") && name !== "set-cookie") merged.set(name, value);
        }
        response = new Response(response.body, { status: response.status, headers: merged });
      } else {
        response = edge;
      }
    }

    const setCookies = response.headers.getSetCookie();
    this.store(setCookies);
    const readable =
      !this.crossOrigin ||
      (response.headers.get("access-control-allow-origin") === this.origin &&
        response.headers.get("access-control-allow-credentials") === "true");
    const text = await response.text();
    let parsed: BrowserAnswer["body"] = null;
    try {
      parsed = JSON.parse(text) as BrowserAnswer["body"];
    } catch {
      parsed = { success: false, error: true, message: text };
    }
    return { status: response.status, body: parsed, readable, preflightRefused: false, response, setCookies };
  }
}
