// Imported first by the modules whose zod schemas browser code also uses (form schemas, phone rules). The
// Content-Security-Policy (proxy.ts) has no 'unsafe-eval'; zod 4 probes for eval with a caught `new Function("")` the
// first time it builds an object schema, and Chromium reports even that caught attempt as a CSP violation. In the
// browser, jitless skips the probe and the eval-compiled fast path (the forms' small schemas do not need it); the
// server keeps the fast path. A side-effect module with zod's named `config`, not a re-export of zod's namespace
// (which defeats tree-shaking), and not instrumentation-client.ts (which would put zod on every page).
import { config } from "zod";

if (typeof window !== "undefined") config({ jitless: true });
