// What the benches that play shoppers, admins and partners share: JSON calls from a given client address, logins,
// an order's live stream, percentiles, and the processes under a started instance.
import { readFileSync, readdirSync } from "node:fs";
import { percentile } from "./measure.mjs";

/** p50 / p95 / max of a list of milliseconds. */
export const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: +percentile(s, 50).toFixed(1), p95: +percentile(s, 95).toFixed(1), max: +s.at(-1).toFixed(1) };
};

/** The pids of a process and all its descendants (from /proc). */
export function processTree(rootPid) {
  const children = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(pid, ppid);
    } catch {}
  }
  const tree = new Set([String(rootPid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of children) {
      if (tree.has(pid) || !tree.has(String(ppid))) continue;
      tree.add(pid);
      grew = true;
    }
  }
  return tree;
}

/** The resident memory (MB) of the `next-server` process under a started instance. */
export function nextServerRssMb(rootPid) {
  const tree = processTree(rootPid);
  let kb = 0;
  for (const pid of tree) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (!/^Name:\s*(next-server|node)/m.test(status)) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!/next/.test(cmd) || /start\.mjs/.test(cmd)) continue;
      kb += Number(/VmRSS:\s*(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

/** What a browser sends for a page load: the page cache (lib/page-cache) answers nothing else. */
export const PAGE_LOAD_HEADERS = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** A page as a browser loads it. */
export const loadPage = (url, init = {}) => fetch(url, { ...init, headers: { ...PAGE_LOAD_HEADERS, ...init.headers } });

/** A JSON call; `ip` is the X-Forwarded-For a trusted proxy would write (the benches start the app with TRUST_PROXY=1). */
export async function json(base, path, { method = "GET", token, body, ip = "10.88.0.1" } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

/** An API access token. */
export async function login(base, email, password, ip) {
  const res = await json(base, "/api/user/login", { method: "POST", body: { email, password }, ip });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accesstoken;
}

/** Opens an order's SSE stream; `next(kind)` resolves with the arrival time of the next event of that kind. */
export async function openStream(base, orderNumber, token) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/order/events?orderId=${orderNumber}`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream", "x-forwarded-for": "10.88.0.2" },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream ${orderNumber}: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const waiting = [];
  const arrived = [];
  let buffer = "";
  let failed = null;
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const kind = /^event: (.*)$/m.exec(block)?.[1];
          if (!kind) continue;
          const at = performance.now();
          const i = waiting.findIndex((w) => w.kind === kind);
          if (i >= 0) waiting.splice(i, 1)[0].resolve(at);
          else arrived.push({ kind, at });
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) failed = error;
    }
  })();
  return {
    next: (kind) => {
      const i = arrived.findIndex((e) => e.kind === kind);
      if (i >= 0) return Promise.resolve(arrived.splice(i, 1)[0].at);
      return new Promise((resolve, reject) => {
        waiting.push({ kind, resolve });
        setTimeout(() => reject(new Error(`no ${kind} event on ${orderNumber} within 10 s`)), 10_000).unref();
      });
    },
    failed: () => failed,
    close: () => controller.abort(),
  };
}
