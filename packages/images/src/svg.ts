// Minimal SVG string building: number rounding keeps files small, escaping keeps hostile text inert.

export type Pt = readonly [number, number];

/** One decimal is plenty for coordinates at 512 px and keeps path data short; offsets and opacities want two. */
export function fmt(value: number, digits = 1): string {
  const scale = 10 ** digits;
  const rounded = Math.round(value * scale) / scale;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** XML 1.0 forbids most control characters, U+FFFE/U+FFFF and lone surrogates, even escaped. */
function isXmlChar(code: number, prev: number, next: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code === 0xfffe || code === 0xffff) return false;
  if (code >= 0xd800 && code <= 0xdbff) return next >= 0xdc00 && next <= 0xdfff;
  if (code >= 0xdc00 && code <= 0xdfff) return prev >= 0xd800 && prev <= 0xdbff;
  return true;
}

function stripInvalidXml(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (isXmlChar(text.charCodeAt(i), text.charCodeAt(i - 1), text.charCodeAt(i + 1))) out += text[i];
  }
  return out;
}

/** True when a character is markup-significant or not allowed in XML at all. */
function needsEscape(code: number): boolean {
  return (
    code < 0x20 ||
    code === 0x26 ||
    code === 0x3c ||
    code === 0x3e ||
    code === 0x22 ||
    code === 0x27 ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code >= 0xfffe
  );
}

export function escapeXml(text: string): string {
  // Path data and numbers are by far the most common values and never need escaping: skip the work.
  let clean = true;
  for (let i = 0; i < text.length && clean; i++) clean = !needsEscape(text.charCodeAt(i));
  if (clean) return text;
  return stripInvalidXml(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type Attrs = Record<string, string | number | undefined | null>;

function renderAttrs(attrs: Attrs): string {
  let out = "";
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${typeof value === "number" ? fmt(value) : escapeXml(value)}"`;
  }
  return out;
}

export function el(tag: string, attrs: Attrs = {}, children?: string): string {
  return children === undefined || children === ""
    ? `<${tag}${renderAttrs(attrs)}/>`
    : `<${tag}${renderAttrs(attrs)}>${children}</${tag}>`;
}

export function polyD(points: readonly Pt[], closed = true): string {
  let d = "";
  points.forEach(([x, y], i) => {
    d += `${i === 0 ? "M" : "L"}${fmt(x)} ${fmt(y)}`;
  });
  return closed ? `${d}Z` : d;
}

/** A filled polygon; stroke comes from the enclosing group. */
export function poly(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
  return el("path", { d: polyD(points), fill, ...extra });
}

export const CANVAS = 512;
export const CENTER_X = CANVAS / 2;

/** Mirror about the vertical centre line of the canvas. */
export function mirror(points: readonly Pt[], axis = CENTER_X): Pt[] {
  return points.map(([x, y]) => [2 * axis - x, y] as const);
}

/** A left-side polygon and its mirror image, sharing one fill. */
export function sym(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
  return poly(points, fill, extra) + poly(mirror(points), fill, extra);
}

/** Axis-aligned rectangle with cut corners, the mecha's basic plate. */
export function chamfer(x: number, y: number, w: number, h: number, c: number): Pt[] {
  return [
    [x + c, y],
    [x + w - c, y],
    [x + w, y + c],
    [x + w, y + h - c],
    [x + w - c, y + h],
    [x + c, y + h],
    [x, y + h - c],
    [x, y + c],
  ];
}

export function rotatePoint([x, y]: Pt, [cx, cy]: Pt, degrees: number): Pt {
  const a = (degrees * Math.PI) / 180;
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Point list in SVG polyline notation ("x,y x,y ..."), so shapes read like the path data they become. */
export function pts(text: string): Pt[] {
  const numbers = text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const out: Pt[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) out.push([numbers[i]!, numbers[i + 1]!]);
  return out;
}
