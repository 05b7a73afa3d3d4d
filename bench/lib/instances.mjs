// Checks that two app instances behind one database and one Redis behave as one shop (bench/load.mjs --instances=2):
// a session or API token made on one is honoured by the other, and the failed-login limit counts across both.
import { BENCH_PASSWORD } from "./load-prep.mjs";

async function json(url, init = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, body: await res.json().catch(() => ({})), headers: res.headers };
}

const post = (body, ip, extra = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip, ...extra },
  body: JSON.stringify(body),
});

/** next-auth's credentials sign-in as the browser does it: CSRF token, then the callback; returns the Cookie header. */
async function webSignIn(base, email, password, ip) {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = await csrf.json();
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, "x-forwarded-for": ip },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`web sign-in on ${base} gave no session cookie (status ${res.status})`);
  return session.split(";")[0];
}

/** A REST token from instance A used on B, and a web session cookie from B used on A. */
export async function crossInstanceSessions([a, b], shopper) {
  const login = await json(`${a}/api/user/login`, post({ email: shopper.email, password: BENCH_PASSWORD }, shopper.ip));
  const token = login.body.data?.accesstoken;
  const tokenOnB = await json(`${b}/api/user/user-details`, {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": shopper.ip },
  });
  const cookie = await webSignIn(b, shopper.email, BENCH_PASSWORD, shopper.ip);
  const cookieOnA = await json(`${a}/api/user/user-details`, { headers: { cookie, "x-forwarded-for": shopper.ip } });
  const result = {
    apiTokenFromAUsedOnB: tokenOnB.status,
    webSessionFromBUsedOnA: cookieOnA.status,
    sameUser: tokenOnB.body.data?.email === shopper.email && cookieOnA.body.data?.email === shopper.email,
  };
  return { ...result, ok: result.apiTokenFromAUsedOnB === 200 && result.webSessionFromBUsedOnA === 200 && result.sameUser };
}

/** Wrong-password logins for one account on the given bases in turn; the attempt number of the first 429. */
async function firstLimitedAttempt(bases, shopper, attempts) {
  for (let n = 1; n <= attempts; n++) {
    const base = bases[(n - 1) % bases.length];
    const res = await json(`${base}/api/user/login`, post({ email: shopper.email, password: "Wrong@12345" }, shopper.ip));
    if (res.status === 429) return n;
    if (res.status !== 400 && res.status !== 401) throw new Error(`failed login answered ${res.status}: ${res.body.message}`);
  }
  return null;
}

/** The failed-login limit trips at the same attempt on one instance and on two taken in turn. */
export async function sharedRateLimits([a, b], [one, two], attempts = 15) {
  const oneInstance = await firstLimitedAttempt([a], one, attempts);
  const twoInstances = await firstLimitedAttempt([a, b], two, attempts);
  return { firstLimitedAttemptOnOne: oneInstance, firstLimitedAttemptOverTwo: twoInstances, ok: oneInstance !== null && oneInstance === twoInstances };
}
