// One bounded autocannon run against a target, with exact percentiles (autocannon itself reports p97.5, not p95).
import autocannon from "autocannon";

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** JSON POST options for a target. */
export const jsonPost = (body) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/**
 * @param {string} base
 * @param {{ path: string, method?: string, headers?: Record<string, string>, body?: string,
 *   setupRequest?: (request: object) => object, requests?: object[] }} target  setupRequest changes each request
 *   (autocannon's hook); requests are sent in turn
 * @param {number} connections
 * @param {number} seconds
 */
export async function measure(base, target, connections, seconds) {
  const times = [];
  let non2xx = 0;
  const instance = autocannon({
    url: base + target.path,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    // `requests`: autocannon sends them in turn on each connection (e.g. a guest's and a signed-in shopper's cookies)
    requests: target.requests ?? (target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined),
    connections,
    duration: seconds,
  });
  instance.on("response", (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    if (status < 200 || status >= 300) non2xx++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: +percentile(times, 50).toFixed(1),
    p95: +percentile(times, 95).toFixed(1),
    p99: +percentile(times, 99).toFixed(1),
    requests: times.length,
    errors: result.errors + non2xx, // autocannon counts timeouts in errors already
  };
}
