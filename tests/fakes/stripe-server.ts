import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the few Stripe endpoints the shop calls, so the REAL Stripe SDK can run against it
// (STRIPE_API_URL → new Stripe(key, { host, port, protocol: "http" })). Bodies are form-encoded the way the SDK
// sends them (line_items[0][price_data][currency]=inr). Like Stripe it honours Idempotency-Key: a repeated key
// with the same body answers the first response; with another body, a 400.
//   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
//   POST /v1/refunds (a partial one with `amount`)
// Test helpers complete a session (as a shopper paying would) and build the webhook events Stripe would send.

export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[];
};

export type FakeRefund = {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  status: "succeeded";
  metadata: Record<string, string>;
};

type Form = Record<string, unknown>;

/** Parses Stripe's qs-style form body into nested objects and arrays. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
    const value = eq < 0 ? "" : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, " "));
    const path = rawKey.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part] ?? (/^\d+$/.test(path[i + 1]!) ? [] : {});
      node[part] = next;
      node = next as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const idempotent = new Map<string, { body: string; status: number; response: unknown }>();
  let mode: "ok" | "fail" = "ok";

  function send(res: http.ServerResponse, status: number, payload: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(payload));
  }

  const invalid = (message: string, code?: string) => ({
    status: 400,
    response: { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } },
  });

  function route(method: string, path: string, form: Form): { status: number; response: unknown } {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items = (form.line_items as Form[] | undefined) ?? [];
      if (!items.length) return invalid("line_items is required");
      const expiresAt = Number(form.expires_at);
      const now = Math.floor(Date.now() / 1000);
      if (form.expires_at !== undefined && (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)) {
        return invalid("expires_at must be between 30 minutes and 24 hours from now");
      }
      const lineItems = items.map((item) => {
        const priceData = item.price_data as Form;
        const product = priceData.product_data as Form;
        return {
          name: String(product.name),
          unit_amount: Number(priceData.unit_amount),
          quantity: Number(item.quantity),
          currency: String(priceData.currency),
        };
      });
      const sessionId = id("cs_test");
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        mode: String(form.mode),
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: lineItems.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
        currency: lineItems[0]!.currency,
        customer_email: (form.customer_email as string) ?? null,
        client_reference_id: (form.client_reference_id as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        expires_at: expiresAt || now + 24 * 3600,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        line_items: lineItems,
      };
      sessions.set(sessionId, session);
      return { status: 200, response: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return { status: 404, response: invalid(`No such checkout.session: ${sessionMatch[1]}`).response };
      if (method === "GET" && !sessionMatch[2]) return { status: 200, response: session };
      if (method === "POST" && sessionMatch[2]) {
        if (session.status !== "open") {
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        session.status = "expired";
        session.url = null;
        return { status: 200, response: session };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = String(form.payment_intent ?? "");
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session) return invalid(`No such payment_intent: '${intent}'`, "resource_missing");
      // like Stripe: partial refunds add up; without an amount, what is left is refunded; nothing left: refused
      const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((n, r) => n + r.amount, 0);
      const left = session.amount_total - refunded;
      if (left <= 0) return invalid(`Charge for ${intent} has already been refunded.`, "charge_already_refunded");
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (amount > left) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large");
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        payment_intent: intent,
        amount,
        status: "succeeded",
        metadata: (form.metadata as Record<string, string>) ?? {},
      };
      refunds.push(refund);
      return { status: 200, response: refund };
    }
    return { status: 404, response: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const path = (req.url ?? "/").split("?")[0]!;
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method, path, idempotencyKey: key });
      if (mode === "fail") {
        send(res, 500, { error: { type: "api_error", message: "fake outage" } });
        return;
      }
      if (key && method === "POST") {
        const seen = idempotent.get(`${path}\n${key}`);
        if (seen) {
          if (seen.body !== body) {
            send(res, 400, {
              error: {
                type: "idempotency_error",
                message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            });
            return;
          }
          send(res, seen.status, seen.response);
          return;
        }
      }
      const { status, response } = route(method, path, parseForm(body));
      if (key && method === "POST" && status < 500) idempotent.set(`${path}\n${key}`, { body, status, response });
      send(res, status, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    setMode(next: "ok" | "fail") {
      mode = next;
    },
    /** The shopper pays on the hosted page: the session completes with a payment intent. */
    completeSession(sessionId: string): FakeSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= id("pi");
      session.url = null;
      return session;
    },
    /** A webhook event as Stripe would send it, for a session (a snapshot of it). */
    event(type: string, session: FakeSession, eventId: string = id("evt")) {
      return {
        id: eventId,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...session, metadata: { ...session.metadata } } },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
