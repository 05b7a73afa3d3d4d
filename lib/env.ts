import "server-only";
import { z } from "zod";

// Every environment variable the app reads, validated once. `.env.example` documents each.
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgresql://").optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  APP_URL: z.url().default("http://localhost:3000"),
  NEXTAUTH_SECRET: optionalText,
  DATA_DIR: z.string().default(".data"),
  REDIS_URL: optionalUrl,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  // the local test checkout without Stripe keys (read at each use by lib/payments/test-payments.ts): "1" allows it
  // anywhere; KWIKMART_EMBEDDED_DB is set by scripts/start.mjs when it started the embedded database
  ALLOW_TEST_PAYMENTS: optionalText,
  KWIKMART_EMBEDDED_DB: optionalText,
  // "1": an account's first cash-on-delivery order needs a verified e-mail (read at each use: requireVerifiedEmail)
  REQUIRE_VERIFIED_EMAIL: optionalText,
  // rupees a delivery partner may hold before dispatch stops giving them cash orders (read at each use by
  // lib/dispatch/cash-limit.ts; 2000 when unset)
  PARTNER_CASH_LIMIT: optionalText,
  RESEND_API_KEY: optionalText,
  RESEND_BASE_URL: optionalUrl,
  MAIL_FROM: z.string().default("Kwikmart <orders@kwikmart.local>"),
  UPLOADTHING_TOKEN: optionalText,
  // the catalogue image cache (DATA_DIR/media-cache) is kept under this size, least recently used pictures evicted
  MEDIA_CACHE_MAX_MB: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().positive("must be a number of megabytes above 0").default(512),
  ),
  // a real map on the shopper's live page (issue 17): a tile URL template such as
  // https://tile.openstreetmap.org/{z}/{x}/{y}.png, and the credit its provider asks for; unset, the schematic
  MAP_TILE_URL: optionalText.refine(
    (v) => v === undefined || (/^(https?:\/\/|data:image\/)/.test(v) && (v.startsWith("data:") || ["{z}", "{x}", "{y}"].every((p) => v.includes(p)))),
    "must be a tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  ),
  MAP_ATTRIBUTION: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // the shop's time zone (IANA name): store opening hours and anything time-of-day (lib/ops/clock.ts)
  SHOP_TZ: z
    .string()
    .trim()
    .transform((v) => v || "Asia/Kolkata")
    .default("Asia/Kolkata")
    .refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata"),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-IN", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}. See .env.example.`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * REQUIRE_VERIFIED_EMAIL=1 (issue 20 #14, off by default): an account's first cash-on-delivery order needs a verified
 * e-mail. Read at each use, not cached, so tests can switch it per case.
 */
export function requireVerifiedEmail(): boolean {
  const value = process.env.REQUIRE_VERIFIED_EMAIL?.trim().toLowerCase();
  return value === "1" || value === "true";
}
