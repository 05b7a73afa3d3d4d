import type { NextRequest as NextRequestType } from "next/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { handle } from "@/lib/http/respond";
import { inActionContext, log } from "@/lib/log";
import { flushMail } from "@/lib/mail";
import { proxy } from "@/proxy";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Issue 8 item 6: structured JSON logs with a request id on every line of a request (lib/log, proxy.ts, handle()).

type Line = Record<string, unknown> & { msg?: string; reqId?: string; level?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let NextRequest: typeof NextRequestType;
beforeAll(async () => {
  ({ NextRequest } = await import("next/server"));
});

// The logger writes to process.stdout: catch its lines while a test runs (the suite runs at LOG_LEVEL=warn).
let lines: Line[] = [];
let levelBefore: string;
beforeEach(() => {
  lines = [];
  levelBefore = log.level;
  log.level = "info";
  const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array) => boolean;
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (!text.startsWith("{")) return write(chunk);
    for (const line of text.split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Line);
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  log.level = levelBefore;
});

const withId = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe("request logs", () => {
  it("a REST call writes one JSON line with its request id, method, path, status and time taken", async () => {
    const reqId = "lb-trace-0001";
    const res = await call(
      registerRoute,
      "POST",
      "/api/user/register",
      { name: "No Email" },
      {
        headers: { "x-request-id": reqId },
      },
    );
    expect(res.status).toBe(400);

    const access = lines.filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      reqId,
      method: "POST",
      path: "/api/user/register",
      status: 400,
    });
    expect(typeof access[0]!.ms).toBe("number");
    expect(new Date(String(access[0]!.time)).toISOString()).toBe(access[0]!.time);
  });

  it("lines written by the domain code during the call carry the same id", async () => {
    const reqId = "register-0002";
    const email = uniqueEmail("logs");
    const res = await call(
      registerRoute,
      "POST",
      "/api/user/register",
      { name: "Log Reader", email, password: "log lines 1", confirmPassword: "log lines 1" },
      { headers: { "x-request-id": reqId } },
    );
    expect(res.status, res.body.message).toBe(201);
    await flushMail(); // the verification mail goes out after the answer

    const mail = lines.find((l) => l.msg === "mail: kept in the outbox" && l.to === email);
    expect(mail?.reqId).toBe(reqId);
    expect(withId(reqId).map((l) => l.msg)).toEqual(
      expect.arrayContaining(["request", "mail: kept in the outbox"]),
    );
  });

  it("an unexpected failure logs the error and its stack under the request id; the answer has neither", async () => {
    const broken = handle(async () => {
      throw new Error("disk on fire at /srv/app/lib/orders/place-order.ts:42");
    });
    const reqId = "boom-0003-abc";
    const res = await call(broken, "POST", "/api/anything", {}, { headers: { "x-request-id": reqId } });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/disk on fire|\/srv\//);

    const failure = withId(reqId).find((l) => l.level === "error");
    expect(failure?.msg).toBe("unhandled error in route handler");
    const err = failure?.err as { message: string; stack: string };
    expect(err.message).toContain("disk on fire");
    expect(err.stack).toMatch(/\n\s+at /);
    expect(withId(reqId).find((l) => l.msg === "request")?.status).toBe(500);
  });

  it("concurrent calls keep their own ids", async () => {
    const slow = handle(async (request: Request) => {
      const n = Number(new URL(request.url).searchParams.get("n"));
      await new Promise((r) => setTimeout(r, (5 - n) * 10));
      log.info({ n }, "working");
      return Response.json({ success: true, error: false, message: "ok" });
    });
    await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        call(slow, "GET", `/api/slow?n=${n}`, undefined, { headers: { "x-request-id": `parallel-${n}-id` } }),
      ),
    );
    for (const n of [0, 1, 2, 3, 4]) {
      expect(lines.find((l) => l.msg === "working" && l.n === n)?.reqId).toBe(`parallel-${n}-id`);
    }
  });

  it("a server action outside a request still logs under an id of its own", async () => {
    await inActionContext(async () => log.info("from an action"));
    expect(lines.find((l) => l.msg === "from an action")?.reqId).toMatch(UUID);
  });
});

describe("request ids at the edge (proxy.ts)", () => {
  it("a request without an id gets a new one, on the response and on the request Next renders", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/api/category/get"));
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    // NextResponse.next({ request: { headers } }) hands the changed request headers to the renderer this way
    expect(response.headers.get("x-middleware-request-x-request-id")).toBe(id);
  });

  it("a well-formed id from a front proxy is kept; anything else is replaced", async () => {
    const idOf = async (given: string) =>
      (
        await proxy(new NextRequest("http://localhost:3000/", { headers: { "x-request-id": given } }))
      ).headers.get("x-request-id");
    expect(await idOf("9f86d081884c7d659a2feaa0c55ad015")).toBe("9f86d081884c7d659a2feaa0c55ad015"); // nginx $request_id
    for (const bad of ["<script>alert(1)</script>", "short", "x".repeat(129), "a b c d e f g h"]) {
      expect(await idOf(bad)).toMatch(UUID);
    }
  });
});
