// A small deterministic generator of hostile request bodies for the REST fuzz pass (fast-check is not a
// dependency). Same seed → same cases, so a failure names its seed and case number and reproduces exactly.

/** mulberry32: a tiny seeded PRNG with a full 2^32 period; plenty for picking cases. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof prng>;

const MB = 1024 * 1024;

/** Values that are wrong for almost any field: wrong types, extremes, text that attacks something downstream. */
export const HOSTILE_VALUES: readonly { label: string; value: () => unknown }[] = [
  { label: "null", value: () => null },
  { label: "true", value: () => true },
  { label: "false", value: () => false },
  { label: "zero", value: () => 0 },
  { label: "minus zero", value: () => -0 },
  { label: "negative", value: () => -1 },
  { label: "fraction", value: () => 1.5 },
  { label: "1e308", value: () => 1e308 },
  { label: "-1e308", value: () => -1e308 },
  { label: "2^53+1", value: () => 9007199254740993 },
  { label: "'NaN'", value: () => "NaN" },
  { label: "'Infinity'", value: () => "Infinity" },
  { label: "'-0'", value: () => "-0" },
  { label: "'1e308'", value: () => "1e308" },
  { label: "empty string", value: () => "" },
  { label: "spaces", value: () => "   \t\n " },
  { label: "NUL byte", value: () => "a\u0000b" },
  { label: "only NUL", value: () => "\u0000" },
  { label: "lone high surrogate", value: () => "x\ud800y" },
  { label: "lone low surrogate", value: () => "\udfff" },
  { label: "control characters", value: () => "\u0001\u001b[31m\u007f" },
  { label: "bidi override", value: () => "\u202egnp.exe" },
  { label: "emoji", value: () => "🛒🥛👩‍👩‍👧" },
  { label: "SQL quote", value: () => "' OR '1'='1" },
  { label: "SQL drop", value: () => `x'); DROP TABLE "User"; --` },
  { label: "SQL comment", value: () => "admin@kwikmart.local'--" },
  { label: "LIKE wildcards", value: () => "%_%\\" },
  { label: "tsquery syntax", value: () => "!(a & b) | c:* <-> ''" },
  { label: "script tag", value: () => "<script>window.__pwned=1</script>" },
  { label: "img onerror", value: () => `<img src=x onerror="window.__pwned=1">` },
  { label: "javascript URL", value: () => "javascript:window.__pwned=1" },
  { label: "data URL", value: () => "data:text/html,<script>1</script>" },
  { label: "path traversal", value: () => "../../../../etc/passwd" },
  { label: "template", value: () => "{{7*7}}${7*7}" },
  { label: "10k string", value: () => "x".repeat(10_000) },
  { label: "900 KB string", value: () => "y".repeat(900_000) },
  { label: "1 MB+ string", value: () => "z".repeat(MB + 10) },
  { label: "empty array", value: () => [] },
  { label: "array of junk", value: () => [null, 1, "a", {}, []] },
  { label: "empty object", value: () => ({}) },
  { label: "object", value: () => ({ _id: "x", $gt: "" }) },
  {
    label: "proto object",
    value: () =>
      JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'),
  },
  { label: "10k-deep object", value: () => new RawJson(deepObjectText(10_000)) },
  { label: "10k-deep array", value: () => new RawJson(deepArrayText(10_000)) },
  { label: "20k-item array", value: () => Array.from({ length: 20_000 }, (_, i) => i) },
];

export const deepArrayText = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
export const deepObjectText = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/**
 * JSON text spliced into a body as it is: values nested 10,000 deep overflow JSON.stringify's stack in a test
 * worker, so they travel as text and only the server parses them.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with RawJson values inserted verbatim. */
export function serialize(body: unknown): string | undefined {
  const raws: string[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      raws.push(value.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return value;
  });
  return json?.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

/** A raw request: the body bytes as sent and its content type (undefined: no header at all). */
export type RawBody = { label: string; body: string | Uint8Array; contentType?: string; core?: boolean };

/** Bodies that are not (or not only) JSON, sent whatever the call expects. */
export const RAW_BODIES: readonly RawBody[] = [
  { label: "empty, JSON type", body: "", contentType: "application/json", core: true },
  { label: "empty, no type", body: "" },
  { label: "whitespace", body: " \n\t ", contentType: "application/json" },
  { label: "broken JSON", body: '{"a":', contentType: "application/json", core: true },
  { label: "single quotes", body: "{'a': 1}", contentType: "application/json" },
  { label: "trailing comma", body: '{"a":1,}', contentType: "application/json" },
  { label: "JSON null", body: "null", contentType: "application/json", core: true },
  { label: "JSON true", body: "true", contentType: "application/json" },
  { label: "JSON number", body: "1e999", contentType: "application/json" },
  { label: "JSON string", body: '"hello"', contentType: "application/json" },
  { label: "JSON array", body: "[1,2,3]", contentType: "application/json", core: true },
  { label: "NaN literal", body: '{"qty": NaN}', contentType: "application/json" },
  { label: "escaped NUL", body: '{"a":"\\u0000","\\u0000":1}', contentType: "application/json", core: true },
  { label: "raw NUL byte", body: '{"a":"x\u0000y"}', contentType: "application/json" },
  {
    label: "lone surrogate escape",
    body: '{"name":"\\ud800","email":"\\udc00@x.com"}',
    contentType: "application/json",
    core: true,
  },
  {
    label: "invalid UTF-8",
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    contentType: "application/json",
    core: true,
  },
  { label: "BOM", body: '\ufeff{"a":1}', contentType: "application/json" },
  { label: "duplicate keys", body: '{"_id":"a","_id":{"x":1}}', contentType: "application/json" },
  {
    label: "proto keys",
    body: '{"__proto__":{"polluted":"yes","role":"ADMIN"},"constructor":{"prototype":{"polluted":"yes"}}}',
    contentType: "application/json",
    core: true,
  },
  { label: "10k-deep array", body: deepArrayText(10_000), contentType: "application/json", core: true },
  { label: "10k-deep object", body: deepObjectText(10_000), contentType: "application/json" },
  { label: "huge number literal", body: `{"a":1${"0".repeat(5_000)}}`, contentType: "application/json" },
  { label: "text/plain JSON", body: '{"a":1}', contentType: "text/plain", core: true },
  {
    label: "form urlencoded",
    body: "a=1&__proto__[polluted]=yes",
    contentType: "application/x-www-form-urlencoded",
    core: true,
  },
  {
    label: "multipart",
    body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
    contentType: "multipart/form-data; boundary=b",
    core: true,
  },
  { label: "broken multipart", body: "--b\r\nnot a part", contentType: "multipart/form-data; boundary=b" },
  { label: "multipart without boundary", body: "x", contentType: "multipart/form-data" },
  {
    label: "XML",
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    contentType: "application/xml",
  },
  {
    label: "1 MB+ JSON",
    body: JSON.stringify({ a: "w".repeat(MB) }),
    contentType: "application/json",
    core: true,
  },
];

export type JsonCase = { label: string; body: unknown };

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

function withKey(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  // defineProperty so that "__proto__" becomes an own key, exactly as JSON.parse makes it
  const out = clone(base);
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * `count` JSON bodies derived from a valid `base` body: each field replaced by a hostile value or removed, extra
 * and prototype keys added, whole-body replacements. Deterministic for a given rng state.
 */
export function jsonCases(rng: Rng, base: Record<string, unknown> | undefined, count: number): JsonCase[] {
  const fields = Object.keys(base ?? {});
  const out: JsonCase[] = [];
  // every field gets at least one hostile value and one removal; the rest is random
  for (const field of fields) {
    const hostile = rng.pick(HOSTILE_VALUES);
    out.push({ label: `${field} = ${hostile.label}`, body: withKey(base!, field, hostile.value()) });
    const { [field]: _removed, ...rest } = clone(base!);
    out.push({ label: `without ${field}`, body: rest });
  }
  const generators: (() => JsonCase)[] = [
    () => {
      const hostile = rng.pick(HOSTILE_VALUES);
      return { label: `whole body = ${hostile.label}`, body: hostile.value() };
    },
    () => {
      const key = rng.pick(["__proto__", "constructor", "prototype", "role", "isAdmin", "userId", "$where"]);
      const hostile = rng.pick(HOSTILE_VALUES);
      return {
        label: `extra ${key} = ${hostile.label}`,
        body: withKey(
          base ?? {},
          key,
          key === "__proto__" ? { polluted: "yes", role: "ADMIN" } : hostile.value(),
        ),
      };
    },
    () => {
      if (!fields.length) return { label: "empty object", body: {} };
      const field = rng.pick(fields);
      const hostile = rng.pick(HOSTILE_VALUES);
      return { label: `${field} = ${hostile.label}`, body: withKey(base!, field, hostile.value()) };
    },
    () => {
      if (fields.length < 2) return { label: "array of base", body: [base] };
      // two fields at once
      const a = rng.pick(fields);
      const b = rng.pick(fields);
      const va = rng.pick(HOSTILE_VALUES);
      const vb = rng.pick(HOSTILE_VALUES);
      return {
        label: `${a} = ${va.label}, ${b} = ${vb.label}`,
        body: withKey(withKey(base!, a, va.value()), b, vb.value()),
      };
    },
  ];
  while (out.length < count) out.push(rng.pick(generators)());
  return out.slice(0, Math.max(count, fields.length * 2));
}
