// Draws the demo catalogue's pictures: a 400×400 WebP card with a Fluent Emoji 3D item on a soft
// brand-tinted gradient, or a brand-coloured pack (sack, pouch, bottle …) wearing the emoji as its label.
// No text is ever drawn: names, weights and prices belong in the HTML. One SVG scene per picture,
// rasterised by sharp (librsvg) with the emoji embedded as PNG data URIs: ~15 ms a card.
// No "server-only" here so plain-Node scripts and tests can render; the app imports catalog-image.ts.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { CatalogImageSpec, CatalogShape } from "./catalog-art-spec";

export const CATALOG_IMAGE_SIZE = 400;

export class CatalogEmojiMissingError extends Error {
  constructor(readonly code: string) {
    super(`No emoji file for ${code}`);
  }
}

export interface RenderCatalogImageOptions {
  /** Folder holding `<code>.webp` emoji files; default `<cwd>/assets/emoji`. */
  emojiDir?: string;
}

// ---------------------------------------------------------------------------------------------
// colours

type Rgb = [number, number, number];

const hexToRgb = (hex: string): Rgb => [
  parseInt(hex.slice(0, 2), 16),
  parseInt(hex.slice(2, 4), 16),
  parseInt(hex.slice(4, 6), 16),
];

const rgbToHex = (c: Rgb): string =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Hue rotated by `deg`, for the second picture's background accent. */
function rotateHue([r, g, b]: Rgb, deg: number): Rgb {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // YIQ-style rotation: cheap and keeps lightness roughly constant.
  const m = [
    0.213 + cos * 0.787 - sin * 0.213,
    0.715 - cos * 0.715 - sin * 0.715,
    0.072 - cos * 0.072 + sin * 0.928,
    0.213 - cos * 0.213 + sin * 0.143,
    0.715 + cos * 0.285 + sin * 0.14,
    0.072 - cos * 0.072 - sin * 0.283,
    0.213 - cos * 0.213 - sin * 0.787,
    0.715 - cos * 0.715 + sin * 0.715,
    0.072 + cos * 0.928 + sin * 0.072,
  ] as const;
  return [m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b];
}

interface Palette {
  base: string;
  dark: string;
  darker: string;
  light: string;
  pale: string;
  bgFrom: string;
  bgTo: string;
  accent: string;
}

function palette(hex: string, variant: 1 | 2): Palette {
  const c = hexToRgb(hex);
  const accentHue = rotateHue(c, 35);
  return {
    base: rgbToHex(c),
    dark: rgbToHex(mix(c, BLACK, 0.22)),
    darker: rgbToHex(mix(c, BLACK, 0.42)),
    light: rgbToHex(mix(c, WHITE, 0.38)),
    pale: rgbToHex(mix(c, WHITE, 0.72)),
    bgFrom: rgbToHex(mix(c, WHITE, variant === 1 ? 0.9 : 0.84)),
    bgTo: rgbToHex(mix(c, WHITE, variant === 1 ? 0.74 : 0.62)),
    accent: rgbToHex(mix(accentHue, WHITE, 0.55)),
  };
}

// ---------------------------------------------------------------------------------------------
// emoji as data URIs (a few dozen files; each kept once in memory)

const emojiCache = new Map<string, Promise<string>>();

function emojiDataUri(code: string, dir: string, px: 128 | 256): Promise<string> {
  const key = `${dir}\0${code}\0${px}`;
  let hit = emojiCache.get(key);
  if (!hit) {
    hit = (async () => {
      let file: Buffer;
      try {
        file = await readFile(path.join(dir, `${code}.webp`));
      } catch {
        throw new CatalogEmojiMissingError(code);
      }
      // librsvg embeds PNG (not WebP); a compressed PNG keeps the data URI small and fast to parse.
      const png = await sharp(file).resize(px, px, { fit: "contain", background: "#0000" }).png().toBuffer();
      return `data:image/png;base64,${png.toString("base64")}`;
    })();
    emojiCache.set(key, hit);
    hit.catch(() => emojiCache.delete(key));
  }
  return hit;
}

// ---------------------------------------------------------------------------------------------
// scene pieces

const img = (uri: string, cx: number, cy: number, size: number, extra = "") =>
  `<image href="${uri}" x="${cx - size / 2}" y="${cy - size / 2}" width="${size}" height="${size}" ${extra}/>`;

const floorShadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#shadow)"/>`;

function defs(p: Palette, variant: 1 | 2): string {
  const bg =
    variant === 1
      ? `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bgFrom}"/><stop offset="1" stop-color="${p.bgTo}"/></linearGradient>`
      : `<radialGradient id="bg" cx="0.38" cy="0.32" r="0.9"><stop offset="0" stop-color="${p.bgFrom}"/><stop offset="1" stop-color="${p.bgTo}"/></radialGradient>`;
  return `<defs>${bg}
<radialGradient id="shadow"><stop offset="0" stop-color="#1b1b1b" stop-opacity="0.22"/><stop offset="0.6" stop-color="#1b1b1b" stop-opacity="0.1"/><stop offset="1" stop-color="#1b1b1b" stop-opacity="0"/></radialGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="0.7" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="shadeH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.18" stop-color="#000" stop-opacity="0.02"/><stop offset="0.32" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.04"/><stop offset="0.82" stop-color="#000" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
<linearGradient id="shadeV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.04"/><stop offset="0.8" stop-color="#000" stop-opacity="0.04"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
<linearGradient id="silver" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9aa3ad"/><stop offset="0.35" stop-color="#f4f6f8"/><stop offset="0.7" stop-color="#c9cfd6"/><stop offset="1" stop-color="#8c949e"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.1"/><stop offset="0.12" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="0.22" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="0.85" stop-color="#ffffff" stop-opacity="0.02"/><stop offset="0.93" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.05"/></linearGradient>
</defs>`;
}

function background(p: Palette, variant: 1 | 2): string {
  const s = CATALOG_IMAGE_SIZE;
  if (variant === 1) {
    return `<rect width="${s}" height="${s}" fill="url(#bg)"/>
<circle cx="200" cy="190" r="165" fill="url(#glow)"/>`;
  }
  // Second picture: a diagonal band and a few soft dots in a neighbouring hue.
  return `<rect width="${s}" height="${s}" fill="url(#bg)"/>
<path d="M-20 300 L300 -20 L420 -20 L420 40 L40 420 L-20 420 Z" fill="${p.accent}" opacity="0.28"/>
<circle cx="330" cy="70" r="26" fill="#ffffff" opacity="0.55"/>
<circle cx="62" cy="96" r="14" fill="${p.accent}" opacity="0.5"/>
<circle cx="352" cy="318" r="10" fill="#ffffff" opacity="0.6"/>
<circle cx="48" cy="340" r="20" fill="#ffffff" opacity="0.4"/>`;
}

/** Where a pack's emoji label sits, in the pack's own coordinates. */
interface Pack {
  body: string;
  label: { cx: number; cy: number; size: number };
}

function zigzag(x0: number, x1: number, yBase: number, depth: number, teeth: number): string {
  const w = (x1 - x0) / teeth;
  let d = `M${x0} ${yBase}`;
  for (let i = 0; i < teeth; i++)
    d += ` L${x0 + w * i + w / 2} ${yBase - depth} L${x0 + w * (i + 1)} ${yBase}`;
  return d;
}

function zigzagV(y0: number, y1: number, xBase: number, depth: number, teeth: number): string {
  const h = (y1 - y0) / teeth;
  let d = `M${xBase} ${y0}`;
  for (let i = 0; i < teeth; i++)
    d += ` L${xBase - depth} ${y0 + h * i + h / 2} L${xBase} ${y0 + h * (i + 1)}`;
  return d;
}

const labelDisc = (cx: number, cy: number, r: number, ring: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r + 7}" fill="${ring}" opacity="0.9"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff"/>`;

function packArt(shape: Exclude<CatalogShape, "plain" | "group">, p: Palette): Pack {
  switch (shape) {
    case "pouch": {
      const body =
        "M116 96 L284 96 C292 170 296 250 292 330 Q290 346 274 346 L126 346 Q110 346 108 330 C104 250 108 170 116 96 Z";
      return {
        body: `${floorShadow(200, 348, 120, 18)}
<path d="${body}" fill="${p.base}"/>
<path d="M108 292 C160 262 236 318 292 276 L292 330 Q290 346 274 346 L126 346 Q110 346 108 330 Z" fill="${p.light}" opacity="0.7"/>
<path d="${body}" fill="url(#shadeH)"/>
<path d="${zigzag(116, 284, 70, -7, 14)} L284 100 L116 100 Z" fill="${p.dark}"/>
<rect x="116" y="94" width="168" height="6" fill="${p.darker}" opacity="0.35"/>
<circle cx="200" cy="84" r="5" fill="#ffffff" opacity="0.7"/>
${labelDisc(200, 210, 66, p.light)}`,
        label: { cx: 200, cy: 210, size: 104 },
      };
    }
    case "sack": {
      const body =
        "M152 104 C128 118 100 156 96 222 C92 292 100 330 122 346 Q200 360 278 346 C300 330 308 292 304 222 C300 156 272 118 248 104 Z";
      return {
        body: `${floorShadow(200, 350, 128, 18)}
<path d="M152 104 L138 62 Q170 50 200 56 Q230 50 262 62 L248 104 Z" fill="${p.light}"/>
<path d="M160 100 L152 66 M182 100 L178 58 M218 100 L222 58 M240 100 L248 66" stroke="${p.dark}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>
<path d="${body}" fill="${p.base}"/>
<path d="M98 186 Q200 170 302 186 L303 204 Q200 188 97 204 Z" fill="${p.light}" opacity="0.75"/>
<path d="${body}" fill="url(#shadeH)"/>
<rect x="146" y="94" width="108" height="16" rx="8" fill="#a0764f"/>
<rect x="146" y="94" width="108" height="6" rx="3" fill="#c89b6d"/>
<rect x="132" y="216" width="136" height="112" rx="26" fill="${p.pale}"/>
<rect x="138" y="222" width="124" height="100" rx="22" fill="#ffffff"/>`,
        label: { cx: 200, cy: 272, size: 92 },
      };
    }
    case "bottle": {
      const body =
        "M182 110 C152 122 136 142 136 172 L136 326 Q136 348 158 348 L242 348 Q264 348 264 326 L264 172 C264 142 248 122 218 110 Z";
      return {
        body: `${floorShadow(200, 350, 96, 15)}
<path d="M184 84 L216 84 L218 112 L182 112 Z" fill="${p.light}"/>
<path d="${body}" fill="${p.base}"/>
<path d="${body}" fill="url(#shadeH)"/>
<rect x="176" y="48" width="48" height="40" rx="7" fill="${p.darker}"/>
<path d="M186 52 L186 84 M196 52 L196 84 M206 52 L206 84 M216 52 L216 84" stroke="#ffffff" stroke-width="2" opacity="0.18"/>
<rect x="176" y="48" width="48" height="8" rx="4" fill="#ffffff" opacity="0.2"/>
<rect x="144" y="196" width="112" height="116" rx="16" fill="#ffffff"/>
<rect x="144" y="196" width="112" height="14" rx="7" fill="${p.light}" opacity="0.5"/>
<rect x="152" y="132" width="10" height="200" rx="5" fill="#ffffff" opacity="0.28"/>`,
        label: { cx: 200, cy: 258, size: 84 },
      };
    }
    case "box": {
      return {
        body: `${floorShadow(212, 348, 124, 17)}
<path d="M262 100 L302 78 L302 326 L262 348 Z" fill="${p.dark}"/>
<path d="M112 100 L152 78 L302 78 L262 100 Z" fill="${p.light}"/>
<rect x="112" y="100" width="150" height="248" fill="${p.base}"/>
<rect x="112" y="100" width="150" height="248" fill="url(#shadeV)"/>
<rect x="112" y="296" width="150" height="24" fill="${p.light}" opacity="0.7"/>
<path d="M262 296 L302 274 L302 298 L262 320 Z" fill="${p.base}" opacity="0.55"/>
<rect x="128" y="150" width="118" height="118" rx="24" fill="#ffffff"/>`,
        label: { cx: 187, cy: 209, size: 92 },
      };
    }
    case "jar": {
      const body =
        "M128 140 L272 140 Q298 142 298 178 L298 318 Q298 348 268 348 L132 348 Q102 348 102 318 L102 178 Q102 142 128 140 Z";
      return {
        body: `${floorShadow(200, 350, 124, 17)}
<path d="${body}" fill="${p.pale}"/>
<rect x="102" y="196" width="196" height="116" fill="${p.base}"/>
<rect x="102" y="196" width="196" height="10" fill="${p.dark}" opacity="0.5"/>
<rect x="102" y="302" width="196" height="10" fill="${p.dark}" opacity="0.5"/>
<path d="${body}" fill="url(#glass)"/>
<rect x="136" y="130" width="128" height="14" rx="4" fill="${p.light}" opacity="0.8"/>
<rect x="126" y="88" width="148" height="46" rx="12" fill="${p.dark}"/>
<rect x="126" y="88" width="148" height="46" rx="12" fill="url(#shadeH)"/>
<path d="M142 96 L142 126 M158 96 L158 126 M174 96 L174 126 M190 96 L190 126 M206 96 L206 126 M222 96 L222 126 M238 96 L238 126 M254 96 L254 126" stroke="#000" stroke-width="2" opacity="0.1"/>
${labelDisc(200, 254, 48, p.light)}`,
        label: { cx: 200, cy: 254, size: 78 },
      };
    }
    case "tub": {
      const body = "M100 152 L300 152 L280 332 Q278 348 262 348 L138 348 Q122 348 120 332 Z";
      return {
        body: `${floorShadow(200, 350, 118, 16)}
<path d="${body}" fill="${p.base}"/>
<path d="M108 222 L292 222 L289 250 L111 250 Z" fill="${p.light}" opacity="0.6"/>
<path d="${body}" fill="url(#shadeH)"/>
<rect x="86" y="122" width="228" height="38" rx="14" fill="${p.dark}"/>
<rect x="86" y="122" width="228" height="12" rx="6" fill="#ffffff" opacity="0.25"/>
${labelDisc(200, 252, 60, "#ffffff")}`,
        label: { cx: 200, cy: 252, size: 96 },
      };
    }
    case "carton": {
      return {
        body: `${floorShadow(210, 350, 104, 15)}
<path d="M250 130 L286 110 L286 328 L250 348 Z" fill="${p.dark}"/>
<path d="M250 130 L190 86 L226 66 L286 110 Z" fill="${p.base}"/>
<path d="M130 130 L190 86 L250 130 Z" fill="${p.light}"/>
<path d="M184 88 L220 68 L226 54 L190 74 Z" fill="${p.darker}"/>
<rect x="130" y="130" width="120" height="218" fill="${p.base}"/>
<rect x="130" y="130" width="120" height="218" fill="url(#shadeV)"/>
<path d="M130 300 Q190 280 250 304 L250 348 L130 348 Z" fill="${p.light}" opacity="0.65"/>
<ellipse cx="226" cy="112" rx="11" ry="7" fill="#ffffff"/>
<rect x="142" y="170" width="96" height="104" rx="18" fill="#ffffff"/>`,
        label: { cx: 190, cy: 222, size: 78 },
      };
    }
    case "can": {
      const body = "M140 96 L260 96 L260 330 Q260 346 244 346 L156 346 Q140 346 140 330 Z";
      return {
        body: `${floorShadow(200, 350, 92, 14)}
<path d="${body}" fill="${p.base}"/>
<path d="M140 280 Q200 250 260 282 L260 330 Q260 346 244 346 L156 346 Q140 346 140 330 Z" fill="${p.dark}" opacity="0.8"/>
<path d="${body}" fill="url(#shadeH)"/>
<path d="M146 78 L254 78 L262 98 L138 98 Z" fill="url(#silver)"/>
<ellipse cx="200" cy="78" rx="54" ry="9" fill="#d5dae0"/>
<ellipse cx="200" cy="78" rx="44" ry="6" fill="#b7bec6"/>
<rect x="144" y="334" width="112" height="14" rx="7" fill="url(#silver)"/>
${labelDisc(200, 198, 50, p.light)}`,
        label: { cx: 200, cy: 198, size: 80 },
      };
    }
    case "tube": {
      const body = "M140 80 L260 80 C256 160 248 232 238 292 L162 292 C152 232 144 160 140 80 Z";
      return {
        body: `${floorShadow(200, 350, 70, 12)}
<path d="${body}" fill="${p.base}"/>
<path d="${body}" fill="url(#shadeH)"/>
<path d="M150 236 L250 236 L245 266 L155 266 Z" fill="${p.light}" opacity="0.6"/>
<rect x="134" y="58" width="132" height="26" rx="3" fill="${p.dark}"/>
<path d="M144 62 L144 80 M154 62 L154 80 M164 62 L164 80 M174 62 L174 80 M184 62 L184 80 M194 62 L194 80 M204 62 L204 80 M214 62 L214 80 M224 62 L224 80 M234 62 L234 80 M244 62 L244 80 M254 62 L254 80" stroke="#000" stroke-width="2" opacity="0.14"/>
<path d="M162 292 L238 292 Q238 310 222 314 L178 314 Q162 310 162 292 Z" fill="${p.dark}"/>
<rect x="170" y="312" width="60" height="38" rx="8" fill="#f1f1f1"/>
<rect x="170" y="312" width="60" height="38" rx="8" fill="url(#shadeH)"/>
${labelDisc(200, 164, 46, p.light)}`,
        label: { cx: 200, cy: 164, size: 74 },
      };
    }
    case "packet": {
      const body = "M72 138 L328 138 L328 296 L72 296 Z";
      return {
        body: `${floorShadow(200, 312, 150, 16)}
<path d="${body}" fill="${p.base}"/>
<path d="M72 250 Q200 206 328 252 L328 296 L72 296 Z" fill="${p.light}" opacity="0.65"/>
<path d="${body}" fill="url(#shadeV)"/>
<path d="M76 132 ${zigzagV(132, 302, 50, -10, 10).slice(1)} L76 302 Z" fill="${p.dark}"/>
<path d="M324 132 ${zigzagV(132, 302, 350, 10, 10).slice(1)} L324 302 Z" fill="${p.dark}"/>
${labelDisc(200, 212, 56, "#ffffff")}`,
        label: { cx: 200, cy: 212, size: 92 },
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// scenes

async function scene(spec: CatalogImageSpec, dir: string): Promise<string> {
  const p = palette(spec.color, spec.variant);
  const pack = spec.shape !== "plain" && spec.shape !== "group";
  // Pack labels are small: a 128 px copy is a quarter of the pixels for librsvg to decode.
  const px = pack ? 128 : 256;
  const uris = await Promise.all(spec.emoji.map((code) => emojiDataUri(code, dir, px)));
  const main = uris[0] ?? "";
  let content: string;

  if (spec.shape === "plain") {
    content =
      spec.variant === 1
        ? `${floorShadow(200, 340, 122, 20)}${img(main, 200, 190, 268)}`
        : `${floorShadow(206, 352, 136, 22)}<g transform="translate(400 0) scale(-1 1) rotate(-9 200 200)">${img(main, 200, 196, 300)}</g>`;
  } else if (spec.shape === "group") {
    const [a, b, c] = [uris[0] ?? "", uris[1] ?? "", uris[2]];
    const layout =
      spec.variant === 1
        ? c
          ? [img(b, 112, 158, 172), img(c, 290, 160, 172), img(a, 200, 236, 206)]
          : [img(b, 134, 170, 196), img(a, 250, 222, 216)]
        : c
          ? [img(c, 120, 134, 154), img(b, 286, 214, 182), img(a, 150, 250, 200)]
          : [img(a, 140, 196, 200), img(b, 268, 236, 180)];
    content = `${floorShadow(200, 340, 156, 24)}${layout.join("")}`;
  } else {
    const k = packArt(spec.shape, p);
    const label = img(main, k.label.cx, k.label.cy, k.label.size);
    if (spec.variant === 1) {
      content = `<g transform="translate(200 212) scale(1.14) translate(-200 -212)">${k.body}${label}</g>`;
    } else {
      // Second angle: the pack turned a little and stepped aside, with the item itself in front.
      const companion = await emojiDataUri(spec.emoji[0] ?? "", dir, 256);
      content = `<g transform="translate(170 206) rotate(-7) scale(1.02) translate(-200 -212)">${k.body}${label}</g>
${floorShadow(304, 364, 78, 13)}${img(companion, 304, 300, 140)}`;
    }
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CATALOG_IMAGE_SIZE}" height="${CATALOG_IMAGE_SIZE}" viewBox="0 0 400 400">
${defs(p, spec.variant)}${background(p, spec.variant)}${content}</svg>`;
}

/** The card as a 400×400 WebP. Throws CatalogEmojiMissingError when an emoji file is not there. */
export async function renderCatalogImage(
  spec: CatalogImageSpec,
  options: RenderCatalogImageOptions = {},
): Promise<Buffer> {
  const dir = options.emojiDir ?? path.join(process.cwd(), "assets/emoji");
  const svg = await scene(spec, dir);
  return sharp(Buffer.from(svg)).webp({ quality: 84, effort: 2 }).toBuffer();
}
