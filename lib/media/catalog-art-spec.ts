// Names of the demo catalogue's images. A name carries everything needed to draw the image, so the
// route can render any stored URL on demand: `<emoji>-<shape>-<rrggbb>-<variant>`, e.g. `1f95b-pouch-e85d04-1`.
// Pure (no I/O, no "server-only"): the seed builds URLs with it and the route validates with it.

/** How the item is drawn: the emoji itself on a card, a cluster of emoji, or a brand-coloured pack with an emoji label. */
export const CATALOG_SHAPES = [
  "plain",
  "group",
  "sack",
  "pouch",
  "bottle",
  "box",
  "jar",
  "tub",
  "carton",
  "can",
  "tube",
  "packet",
] as const;

export type CatalogShape = (typeof CATALOG_SHAPES)[number];

export interface CatalogImageSpec {
  /** Lower-case emoji codepoints (files in assets/emoji); one, or two to three for "group". */
  emoji: string[];
  shape: CatalogShape;
  /** Brand colour, six lower-case hex digits without "#". */
  color: string;
  /** 1 is the main picture; 2 a second angle for the product gallery. */
  variant: 1 | 2;
}

export const CATALOG_IMAGE_PREFIX = "/media/catalog/";

// Strict on purpose: lower-case only, so one picture has exactly one name (and one cache file).
const NAME =
  /^(?<emoji>[0-9a-f]{4,5}(?:_[0-9a-f]{4,5}){0,2})-(?<shape>[a-z]{3,8})-(?<color>[0-9a-f]{6})-(?<variant>[12])$/;

const isShape = (s: string): s is CatalogShape => (CATALOG_SHAPES as readonly string[]).includes(s);

/** The spec of `<name>` or `<name>.webp`, or null when the name is not one this module would write. */
export function parseCatalogImageName(file: string): CatalogImageSpec | null {
  if (file.length > 64) return null;
  const base = file.endsWith(".webp") ? file.slice(0, -".webp".length) : file;
  const m = NAME.exec(base);
  const g = m?.groups;
  if (!g?.emoji || !g.shape || !g.color || !g.variant) return null;
  if (!isShape(g.shape)) return null;
  const emoji = g.emoji.split("_");
  if (g.shape === "group" ? emoji.length < 2 : emoji.length !== 1) return null;
  return { emoji, shape: g.shape, color: g.color, variant: g.variant === "2" ? 2 : 1 };
}

/** `1f95b-pouch-e85d04-1`; throws on a spec that would not parse back (a bug in the caller). */
export function catalogImageName(spec: CatalogImageSpec): string {
  const name = `${spec.emoji.join("_")}-${spec.shape}-${spec.color.replace(/^#/, "").toLowerCase()}-${spec.variant}`;
  if (!parseCatalogImageName(name)) throw new Error(`Not a valid catalogue image: ${name}`);
  return name;
}

/** The URL stored in the database: `/media/catalog/<name>.webp`. */
export const catalogImagePath = (spec: CatalogImageSpec): string =>
  `${CATALOG_IMAGE_PREFIX}${catalogImageName(spec)}.webp`;
