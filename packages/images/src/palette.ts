// Colour math and the derived palette that paints a mecha from its two scheme colours.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

export function parseHex(value: string): Rgb | null {
  const text = value.trim();
  const long = HEX6.exec(text)?.[1];
  const full = long ?? HEX3.exec(text)?.[1]?.replace(/./g, (c) => c + c);
  if (!full) return null;
  const n = Number.parseInt(full, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Lower-case #rrggbb, or the fallback when the value is not a colour. */
export function normalizeHex(value: string, fallback: string): string {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : fallback;
}

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a) ?? { r: 0, g: 0, b: 0 };
  const y = parseHex(b) ?? { r: 0, g: 0, b: 0 };
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

export const lighten = (color: string, t: number) => mix(color, "#ffffff", t);
export const darken = (color: string, t: number) => mix(color, "#000000", t);

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const { r, g, b } = parseHex(color) ?? { r: 0, g: 0, b: 0 };
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function saturation(color: string): number {
  const { r, g, b } = parseHex(color) ?? { r: 0, g: 0, b: 0 };
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  return max === 0 ? 0 : (max - min) / max;
}

/** Pushes a colour to full brightness while keeping its hue: the colour of light, not of paint. */
export function energize(color: string): string {
  const { r, g, b } = parseHex(color) ?? { r: 0, g: 0, b: 0 };
  const max = Math.max(r, g, b, 1);
  const boosted = toHex({ r: (r / max) * 255, g: (g / max) * 255, b: (b / max) * 255 });
  // Greys have no hue to boost; light them as cool white.
  return saturation(color) < 0.15 ? "#cfe8ff" : lighten(boosted, 0.15);
}

export interface Palette {
  armor: [light: string, mid: string, dark: string];
  trim: [light: string, mid: string, dark: string];
  metal: [light: string, mid: string, dark: string];
  outline: string;
  /** panel lines cut into armour */
  seam: string;
  /** the scheme's colour as light: vents, floor grid, backdrop tint */
  energy: string;
  backdrop: [center: string, edge: string];
}

function ramp(color: string): [string, string, string] {
  // Very dark paints need a stronger highlight or the plates merge into one black shape.
  const lift = luminance(color) < 0.03 ? 0.4 : 0.38;
  return [lighten(color, lift), color, darken(color, 0.62)];
}

export function buildPalette(primary: string, secondary: string): Palette {
  const energySource = saturation(secondary) >= saturation(primary) ? secondary : primary;
  const energy = energize(energySource);
  const metalBase = mix("#3b4252", primary, 0.12);
  return {
    armor: ramp(primary),
    trim: ramp(secondary),
    metal: [lighten(metalBase, 0.35), metalBase, darken(metalBase, 0.55)],
    outline: mix("#07080d", primary, 0.12),
    seam: luminance(primary) > 0.5 ? darken(primary, 0.45) : darken(primary, 0.6),
    energy,
    // Dark paints get a brighter spotlight behind them so the silhouette still reads.
    backdrop: [mix(darken(energy, 0.55), "#2a3140", luminance(primary) < 0.05 ? 0.5 : 0.15), "#05060b"],
  };
}
