// Class accents: hero emblem and chevrons, villain horns and spikes, support halo, cross and shield drone.
import type { Defs } from "./defs";
import type { Paint, Rig } from "./kit";
import { el, fmt, type Pt, polyD } from "./svg";
import type { BotClass } from "./types";

export const CLASS_COLOR: Record<BotClass, string> = {
  hero: "#3ff0ff",
  villain: "#ff2b3d",
  support: "#46f29a",
};

function starD([cx, cy]: Pt, outer: number, inner: number): string {
  const points: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polyD(points);
}

function crossD([cx, cy]: Pt, size: number): string {
  const a = size / 3;
  const b = size;
  return polyD([
    [cx - a, cy - b],
    [cx + a, cy - b],
    [cx + a, cy - a],
    [cx + b, cy - a],
    [cx + b, cy + a],
    [cx + a, cy + a],
    [cx + a, cy + b],
    [cx - a, cy + b],
    [cx - a, cy + a],
    [cx - b, cy + a],
    [cx - b, cy - a],
    [cx - a, cy - a],
  ]);
}

function hexD([cx, cy]: Pt, r: number): string {
  const points: Pt[] = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polyD(points);
}

function chevronD([cx, cy]: Pt, w: number, h: number, thick: number): string {
  return polyD([
    [cx - w, cy - h],
    [cx, cy],
    [cx + w, cy - h],
    [cx + w, cy - h + thick],
    [cx, cy + thick],
    [cx - w, cy - h + thick],
  ]);
}

/** Villain sigil: a fanged downward wedge. */
function sigilD([cx, cy]: Pt, r: number): string {
  return polyD([
    [cx - r, cy - r * 0.7],
    [cx + r, cy - r * 0.7],
    [cx + r * 0.25, cy + r],
    [cx + r * 0.12, cy + r * 0.2],
    [cx, cy + r * 0.55],
    [cx - r * 0.12, cy + r * 0.2],
    [cx - r * 0.25, cy + r],
  ]);
}

function emblem(botClass: BotClass, at: Pt, r: number): string {
  const color = CLASS_COLOR[botClass];
  switch (botClass) {
    case "hero":
      return (
        el("path", { d: chevronD([at[0], at[1] + r * 0.95], r * 0.95, r * 0.55, r * 0.3), fill: color }) +
        el("path", { d: starD([at[0], at[1] - r * 0.1], r * 0.62, r * 0.27), fill: "#eaffff" })
      );
    case "villain":
      return el("path", { d: sigilD(at, r * 0.85), fill: color });
    case "support":
      return (
        el("path", {
          d: hexD(at, r),
          fill: "#0b1a14",
          "fill-opacity": 0.7,
          stroke: color,
          "stroke-width": 2,
        }) + el("path", { d: crossD(at, r * 0.62), fill: color })
      );
  }
}

function horns(rig: Rig, paint: Paint): string {
  const { cx, eyeY, halfWidth, top } = rig.head;
  const rise = eyeY - top + 40;
  let d = "";
  for (const s of [-1, 1]) {
    const x = cx + s * halfWidth * 0.75;
    const y = eyeY - 10;
    d += `M${fmt(x)} ${fmt(y)}Q${fmt(x + s * 30)} ${fmt(y - 8)} ${fmt(x + s * 26)} ${fmt(y - rise)}Q${fmt(x + s * 14)} ${fmt(y - 16)} ${fmt(x - s * 2)} ${fmt(y - 12)}Z`;
  }
  return el(
    "g",
    { transform: rig.head.transform },
    el("path", { d, fill: paint.joint }) +
      el("path", { d, fill: "none", stroke: CLASS_COLOR.villain, "stroke-width": 1.5, opacity: 0.8 }),
  );
}

function spikes(rig: Rig, paint: Paint): string {
  let d = "";
  rig.shoulders.forEach(([x, y], i) => {
    const out = i === 0 ? -1 : 1;
    for (let k = 0; k < 3; k++) {
      const bx = x + out * (k * 14 - 8);
      d += polyD([
        [bx - 6, y + 4],
        [bx + out * (6 + k * 4), y - 24 + k * 4],
        [bx + 7, y + 4],
      ]);
    }
  });
  return el("path", { d, fill: paint.joint }) + el("path", { d, fill: CLASS_COLOR.villain, opacity: 0.35 });
}

function halo(rig: Rig, defs: Defs): string {
  const { cx, top, halfWidth, transform } = rig.head;
  return el(
    "g",
    { transform, filter: defs.glow(4) },
    el("ellipse", {
      cx,
      cy: top - 16,
      rx: halfWidth + 8,
      ry: 8,
      fill: "none",
      stroke: CLASS_COLOR.support,
      "stroke-width": 4,
    }),
  );
}

function shieldDrone(rig: Rig, defs: Defs): string {
  const [sx, sy] = rig.shoulders[1];
  const at: Pt = [Math.min(sx + 48, 450), sy - 56];
  return el(
    "g",
    { filter: defs.glow(4) },
    el("path", {
      d: hexD(at, 22),
      fill: CLASS_COLOR.support,
      "fill-opacity": 0.22,
      stroke: CLASS_COLOR.support,
      "stroke-width": 2.5,
    }) + el("path", { d: crossD(at, 10), fill: "#eafff4" }),
  );
}

/** Rank chevrons on both pauldrons, on a dark backing so cyan still reads on cyan armour. */
function heroChevrons(rig: Rig, glow: string): string {
  const d = rig.shoulders
    .map(([x, y]) => chevronD([x, y + 36], 11, 7, 4) + chevronD([x, y + 45], 11, 7, 4))
    .join("");
  return (
    el("path", { d, fill: "none", stroke: SOCKET, "stroke-width": 4, "stroke-opacity": 0.8 }) +
    el("path", { d, fill: CLASS_COLOR.hero, stroke: "none", filter: glow })
  );
}

const SOCKET = "#06070d";

/** Dark medallion under the chest emblem: the emblem glows the same on any paint. */
function socket(botClass: BotClass, rig: Rig): string {
  if (botClass === "support") return "";
  const { cx, cy, r } = rig.chest;
  return el("circle", {
    cx,
    cy,
    r: r * 1.08,
    fill: SOCKET,
    "fill-opacity": 0.75,
    stroke: CLASS_COLOR[botClass],
    "stroke-width": 1.5,
  });
}

/** Class accents on and around the mecha; drawn after the body so they sit on the armour. */
export function classAccents(botClass: BotClass, rig: Rig, paint: Paint, defs: Defs): string {
  const glow = defs.glow(3);
  const chest =
    socket(botClass, rig) +
    el(
      "g",
      { filter: glow, stroke: "none" },
      emblem(botClass, [rig.chest.cx, rig.chest.cy], rig.chest.r * 0.85),
    );
  switch (botClass) {
    case "hero":
      return chest + heroChevrons(rig, glow);
    case "villain":
      return (
        el(
          "g",
          { stroke: paint.outline, "stroke-width": 2.5, "stroke-linejoin": "round" },
          horns(rig, paint) + spikes(rig, paint),
        ) + chest
      );
    case "support":
      return halo(rig, defs) + shieldDrone(rig, defs) + chest;
  }
}

/** Class badge in the card's top-left corner, readable at thumbnail size. */
export function classBadge(botClass: BotClass, defs: Defs): string {
  const at: Pt = [50, 50];
  return (
    el("path", {
      d: hexD(at, 25),
      fill: "#06070d",
      "fill-opacity": 0.85,
      stroke: CLASS_COLOR[botClass],
      "stroke-width": 2.5,
    }) + el("g", { filter: defs.glow(3) }, emblem(botClass, at, 15))
  );
}
