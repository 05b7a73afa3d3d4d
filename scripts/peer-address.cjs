// Preloaded into the app's server by scripts/start.mjs (NODE_OPTIONS=--require). With no proxy in front of the shop
// (TRUST_PROXY unset or 0, the default), every X-Forwarded-* header a request arrives with was written by the client:
// they are dropped and X-Forwarded-For becomes the socket's address, before Next sees the request. So the per-address
// rate limits count the real caller (lib/auth/client-ip.ts), and Next's server-action origin check, which prefers
// X-Forwarded-Host to Host, compares with the host the browser used. Behind proxies (TRUST_PROXY >= 1) the headers are
// theirs and pass untouched. CommonJS so that it can be preloaded before Next loads.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a --require preload is CommonJS
const http = require("node:http");

const CLIENT_WRITTEN = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];

function noProxyInFront(env = process.env) {
  const raw = (env.TRUST_PROXY || "").trim();
  const n = Number(raw);
  return !raw || !(Number.isInteger(n) && n >= 1 && n <= 10);
}

/** Replaces the client-written forwarding headers of a Node request with the socket's address. */
function rewrite(req) {
  for (const name of CLIENT_WRITTEN) delete req.headers[name];
  const peer = req.socket && req.socket.remoteAddress;
  if (peer) req.headers["x-forwarded-for"] = peer;
}

if (noProxyInFront()) {
  // Every Node HTTP server of the process: `next start` creates its own, and a request event is where it reads them.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    if ((event === "request" || event === "upgrade") && req && req.headers) rewrite(req);
    return emit.call(this, event, req, ...rest);
  };
}

module.exports = { rewrite, noProxyInFront };
