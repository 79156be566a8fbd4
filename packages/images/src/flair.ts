// Rarity flair: aura and rays behind the mecha, frame, sparkles, shards and the nameplate in front.
import type { Defs, Stop } from "./defs";
import type { Rng } from "./random";
import { CANVAS, CENTER_X, el, escapeXml, fmt, type Pt, polyD } from "./svg";
import type { Rarity } from "./types";

export const RARITY_RANK: Record<Rarity, number> = {
  common: 1,
  uncommon: 2,
  rare: 3,
  epic: 4,
  legendary: 5,
  diamond: 6,
};

export const RARITY_COLOR: Record<Rarity, string> = {
  common: "#8a93a6",
  uncommon: "#3ddc84",
  rare: "#3b9bff",
  epic: "#b05cff",
  legendary: "#ffc23d",
  diamond: "#9ff5ff",
};

const GOLD: readonly Stop[] = [
  [0, "#fff6c2"],
  [0.3, "#ffc23d"],
  [0.55, "#a8661a"],
  [0.8, "#ffd86b"],
  [1, "#fff2b0"],
];

const PRISM: readonly Stop[] = [
  [0, "#7df9ff"],
  [0.25, "#b98cff"],
  [0.5, "#ff8ad8"],
  [0.75, "#ffe98a"],
  [1, "#8affc1"],
];

const PRISM_COLORS = PRISM.map(([, color]) => color);

const INSET = 8;
const FRAME = { x: INSET, y: INSET, width: CANVAS - 2 * INSET, height: CANVAS - 2 * INSET, rx: 24 };

/** Four-pointed glint, in relative commands to keep dozens of them small. */
function sparkleD([x, y]: Pt, radius: number): string {
  const r = Math.round(radius);
  const q = fmt(r * 0.18);
  const p = fmt(r - r * 0.18);
  return `M${fmt(x)} ${fmt(y - r)}q${q} ${p} ${r} ${r}q-${p} ${q} -${r} ${r}q-${q} -${p} -${r} -${r}q${p} -${q} ${r} -${r}z`;
}

/** Points around the mecha rather than on it: the left and right bands and the top corners. */
function aroundPoint(rng: Rng): Pt {
  const side = rng.chance(0.5) ? -1 : 1;
  return [CENTER_X + side * rng.range(120, 228), rng.range(36, 420)];
}

/** Groups shapes by colour into one path each: a card holds dozens of motes and glints. */
function byColor(
  count: number,
  colors: readonly string[],
  rng: Rng,
  shape: (at: Pt, rng: Rng) => string,
): string {
  const paths = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const color = rng.pick(colors);
    paths.set(color, (paths.get(color) ?? "") + shape(aroundPoint(rng), rng));
  }
  return [...paths].map(([fill, d]) => el("path", { d, fill })).join("");
}

function sparkles(rng: Rng, count: number, colors: readonly string[], glow: string): string {
  return el(
    "g",
    { class: "sparkles", filter: glow },
    byColor(count, colors, rng, (at, r) => sparkleD(at, r.range(5, 15))),
  );
}

function particles(rng: Rng, count: number, colors: readonly string[]): string {
  const dot = ([x, y]: Pt, r: Rng) => {
    const size = r.range(1, 3.2);
    return `M${fmt(x - size)} ${fmt(y)}a${fmt(size)} ${fmt(size)} 0 1 0 ${fmt(2 * size)} 0a${fmt(size)} ${fmt(size)} 0 1 0 ${fmt(-2 * size)} 0`;
  };
  return el("g", { class: "particles", opacity: 0.85 }, byColor(count, colors, rng, dot));
}

function sunburst(rng: Rng, fill: string, center: Pt, wedges: number): string {
  const offset = rng.range(0, Math.PI);
  const step = (Math.PI * 2) / wedges;
  let d = "";
  for (let i = 0; i < wedges; i++) {
    const a = offset + i * step;
    const half = step * rng.range(0.18, 0.32);
    const r = 460;
    d += polyD([
      center,
      [center[0] + r * Math.cos(a - half), center[1] + r * Math.sin(a - half)],
      [center[0] + r * Math.cos(a + half), center[1] + r * Math.sin(a + half)],
    ]);
  }
  return el("path", { d, fill });
}

function shard([x, y]: Pt, length: number, angle: number, fill: string): string {
  const w = length * 0.28;
  const points: Pt[] = [
    [0, -length / 2],
    [w / 2, -length / 5],
    [w / 2.4, length / 3],
    [0, length / 2],
    [-w / 2.4, length / 3],
    [-w / 2, -length / 5],
  ];
  return el("path", {
    d: `${polyD(points)}M0 ${fmt(-length / 2)}L0 ${fmt(length / 2)}`,
    fill,
    transform: `translate(${fmt(x)} ${fmt(y)}) rotate(${Math.round(angle)})`,
  });
}

function shards(defs: Defs, rng: Rng, count: number, sizes: [number, number]): string {
  const fill = defs.linear("shard", [
    [0, "#ffffff", 0.95],
    [0.4, "#9ff5ff", 0.7],
    [1, "#b98cff", 0.55],
  ]);
  let out = "";
  for (let i = 0; i < count; i++)
    out += shard(aroundPoint(rng), rng.range(...sizes), rng.range(-35, 35), fill);
  return el("g", { class: "shards", stroke: "#fff", "stroke-width": 1.2, "stroke-opacity": 0.8 }, out);
}

/** Everything rarity paints behind the mecha. */
export function flairBehind(defs: Defs, rarity: Rarity, rng: Rng): string {
  const rank = RARITY_RANK[rarity];
  if (rank < 3) return "";
  const color = RARITY_COLOR[rarity];
  const aura = defs.radial("aura", [
    [0, color, rank >= 5 ? 0.55 : 0.4],
    [0.55, color, 0.14],
    [1, color, 0],
  ]);
  let out = el("ellipse", { cx: CENTER_X, cy: 240, rx: 230, ry: 250, fill: aura });
  if (rarity === "legendary") {
    const rays = defs.radial("burst", [
      [0, "#fff1b0", 0.7],
      [0.5, "#ffc23d", 0.25],
      [1, "#ffc23d", 0],
    ]);
    out += sunburst(rng, rays, [CENTER_X, 210], 14);
  }
  if (rarity === "diamond") {
    const rays = defs.radial("burst", [
      [0, "#ffffff", 0.6],
      [0.35, "#b98cff", 0.3],
      [0.7, "#7df9ff", 0.12],
      [1, "#ff8ad8", 0],
    ]);
    out += sunburst(rng, rays, [CENTER_X, 210], 18) + shards(defs, rng, 5, [26, 52]);
  }
  return out;
}

function frame(defs: Defs, rarity: Rarity): string {
  const color = RARITY_COLOR[rarity];
  const inner = { x: 20, y: 20, width: CANVAS - 40, height: CANVAS - 40, rx: 16, fill: "none" };
  switch (rarity) {
    case "common":
      return el("rect", { ...FRAME, fill: "none", stroke: color, "stroke-width": 3 });
    case "uncommon":
      return (
        el("rect", { ...FRAME, fill: "none", stroke: color, "stroke-width": 5 }) +
        el("rect", { ...inner, stroke: color, "stroke-width": 1.5, opacity: 0.6 })
      );
    case "rare":
    case "epic":
      return el(
        "g",
        { filter: defs.glow(5) },
        el("rect", { ...FRAME, fill: "none", stroke: color, "stroke-width": 6 }) +
          el("rect", { ...inner, stroke: color, "stroke-width": 2, opacity: 0.7 }),
      );
    case "legendary":
    case "diamond": {
      const stroke = rarity === "legendary" ? defs.linear("gold", GOLD) : defs.linear("prism", PRISM);
      const corners: Pt[] = [
        [INSET + 6, INSET + 6],
        [CANVAS - INSET - 6, INSET + 6],
        [INSET + 6, CANVAS - INSET - 6],
        [CANVAS - INSET - 6, CANVAS - INSET - 6],
      ];
      const gems = corners
        .map(([x, y]) =>
          el("path", {
            d: polyD([
              [x, y - 15],
              [x + 11, y],
              [x, y + 15],
              [x - 11, y],
            ]),
            fill: stroke,
            stroke: "#fff",
            "stroke-width": 1.5,
          }),
        )
        .join("");
      return el(
        "g",
        { filter: defs.glow(4) },
        el("rect", { ...FRAME, fill: "none", stroke, "stroke-width": 11 }) +
          el("rect", { ...inner, stroke, "stroke-width": 2.5 }) +
          gems,
      );
    }
  }
}

/** Everything rarity paints over the mecha. */
export function flairFront(defs: Defs, rarity: Rarity, rng: Rng): string {
  const glint = defs.glow(3);
  let out = "";
  if (rarity === "epic") out += particles(rng, 14, [RARITY_COLOR.epic, "#e6c8ff"]);
  if (rarity === "legendary") {
    out +=
      particles(rng, 22, ["#ffe27a", "#fff6c2", "#ffb02e"]) + sparkles(rng, 7, ["#fff6c2", "#ffd86b"], glint);
  }
  if (rarity === "diamond") {
    out +=
      shards(defs, rng, 3, [18, 30]) +
      particles(rng, 26, PRISM_COLORS) +
      sparkles(rng, 8, ["#ffffff", ...PRISM_COLORS], glint) +
      el("rect", { ...FRAME, class: "sheen", fill: defs.linear("prism", PRISM), opacity: "0.07" });
  }
  return out + frame(defs, rarity);
}

/** Model plate with rarity pips, the card's caption. */
export function nameplate(label: string, rarity: Rarity): string {
  const color = RARITY_COLOR[rarity];
  const rank = RARITY_RANK[rarity];
  const y = 470;
  const plate = el("path", {
    d: polyD([
      [CENTER_X - 108, y],
      [CENTER_X + 108, y],
      [CENTER_X + 96, y + 30],
      [CENTER_X - 96, y + 30],
    ]),
    fill: "#06070d",
    "fill-opacity": 0.82,
    stroke: color,
    "stroke-width": 2,
  });
  const text = el(
    "text",
    {
      x: CENTER_X,
      y: y + 15,
      fill: "#e8eefc",
      "font-family": "Verdana, sans-serif",
      "font-size": 13,
      "font-weight": "bold",
      "letter-spacing": 2,
      "text-anchor": "middle",
    },
    escapeXml(label.toUpperCase().slice(0, 22)),
  );
  let pips = "";
  for (let i = 0; i < rank; i++) {
    const x = CENTER_X + (i - (rank - 1) / 2) * 12;
    pips += polyD([
      [x, y + 19],
      [x + 4, y + 23],
      [x, y + 27],
      [x - 4, y + 23],
    ]);
  }
  return plate + text + el("path", { d: pips, fill: color });
}
