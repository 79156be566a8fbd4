// Shared parts for the silhouettes: paint slots, arms, seams and glowing lenses.
import {
  type Attrs,
  CENTER_X,
  el,
  escapeXml,
  fmt,
  mirror,
  type Pt,
  polyD,
  poly as rawPoly,
  sym,
} from "./svg";

/** Fill values (gradient urls or colours) every part draws with. */
export interface Paint {
  armor: string;
  trim: string;
  metal: string;
  joint: string;
  outline: string;
  seam: string;
  energy: string;
  eye: string;
  /** translucent energy fading out from the chest: wings, coronas */
  ghost: string;
  /** filter url for glowing parts */
  glow: string;
}

/** Name-seeded variation so two bots of one model never stand identically. */
export interface Pose {
  armAngle: number;
  weaponArmAngle: number;
  headTilt: number;
  /** 0..1, for small per-bot choices inside a silhouette */
  variant: number;
  /** short serial painted on the armour */
  decal: string;
  hasWeapon: boolean;
}

export interface HeadAnchor {
  cx: number;
  top: number;
  /** y of the eyes, where horns and halos line up */
  eyeY: number;
  halfWidth: number;
  /** the head's tilt, so accents on it tilt along */
  transform: string;
}

export interface Rig {
  back: string;
  body: string;
  /** the weapon hand again, drawn over the weapon's grip */
  weaponFist: string;
  hand: Pt;
  head: HeadAnchor;
  chest: { cx: number; cy: number; r: number };
  /** tops of both pauldrons, viewer's left first */
  shoulders: [Pt, Pt];
  ground: number;
}

export type Side = -1 | 1;

// Light falls from the upper left; plate edges facing it catch a thin highlight, like a bevel.
const LIGHT: Pt = [-0.41, -0.91];
const BEVEL_INSET = 2.4;

/** Path data for the edges of a polygon that face the light, pulled inside the outline. */
export function litEdges(points: readonly Pt[]): string {
  let twiceArea = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length]!;
    twiceArea += x * ny - nx * y;
  });
  const winding = twiceArea > 0 ? 1 : -1;
  let d = "";
  points.forEach(([ax, ay], i) => {
    const [bx, by] = points[(i + 1) % points.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    if (length < 10) return;
    const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
    const [nx, ny] = [winding * uy, -winding * ux];
    if (nx * LIGHT[0] + ny * LIGHT[1] < 0.5) return;
    const k = BEVEL_INSET;
    d += `M${Math.round(ax - nx * k + ux * k)} ${Math.round(ay - ny * k + uy * k)}L${Math.round(bx - nx * k - ux * k)} ${Math.round(by - ny * k - uy * k)}`;
  });
  return d;
}

function highlight(d: string): string {
  // An open line has no area, so it needs no fill="none".
  return d ? el("path", { d, stroke: "#fff", "stroke-opacity": 0.5, "stroke-width": 1.5 }) : "";
}

/** poly and sym that bevel armour and trim plates; metal and joints stay matte. */
export function shapes(paint: Pick<Paint, "armor" | "trim">) {
  const bevelled = (fill: string) => fill === paint.armor || fill === paint.trim;
  return {
    poly(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
      return rawPoly(points, fill, extra) + (bevelled(fill) ? highlight(litEdges(points)) : "");
    },
    sym(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
      const other = mirror(points);
      const lit = bevelled(fill) ? highlight(litEdges(points) + litEdges(other)) : "";
      return rawPoly(points, fill, extra) + rawPoly(other, fill, extra) + lit;
    },
  };
}

export function seams(paint: Paint, lines: readonly (readonly Pt[])[], mirrored = true): string {
  const all = mirrored ? lines.flatMap((l) => [l, mirror(l)]) : lines;
  return el("path", {
    d: all.map((l) => polyD(l, false)).join(""),
    fill: "none",
    stroke: paint.seam,
    "stroke-width": 1.6,
    "stroke-linecap": "round",
  });
}

/** Glowing lens or vent: no outline, lit by the glow filter. */
export function lens(points: readonly Pt[], paint: Paint, color = paint.eye, mirrored = true): string {
  const attrs: Attrs = { stroke: "none", filter: paint.glow };
  return mirrored ? sym(points, color, attrs) : rawPoly(points, color, attrs);
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return el("circle", { cx, cy, r, fill, ...extra });
}

export function symCircle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return circle(cx, cy, r, fill, extra) + circle(2 * CENTER_X - cx, cy, r, fill, extra);
}

export interface ArmSpec {
  shoulder: Pt;
  angle: number;
  upper: { len: number; w: number };
  fore: { len: number; top: number; bottom: number };
  fist: { w: number; h: number };
  /** extra forearm shapes in arm-local coordinates, outer side toward -x */
  extras?: (paint: Paint, foreTop: number, foreBottom: number) => string;
}

export interface BuiltArm {
  svg: string;
  fist: string;
  hand: Pt;
}

/** An arm hanging from its shoulder, swung outward by `angle` degrees, mirrored for the right side. */
export function arm(paint: Paint, spec: ArmSpec, side: Side): BuiltArm {
  const { upper, fore, fist } = spec;
  const { poly } = shapes(paint);
  const foreTop = upper.len - 6;
  const foreBottom = upper.len + fore.len;
  const handY = foreBottom + fist.h / 2;
  const rotation = -side * spec.angle;
  const transform = `translate(${fmt(spec.shoulder[0])} ${fmt(spec.shoulder[1])}) rotate(${fmt(rotation)})${side === 1 ? " scale(-1 1)" : ""}`;
  const fistShape = rawPoly(
    [
      [-fist.w / 2, foreBottom - 2],
      [fist.w / 2, foreBottom - 2],
      [fist.w / 2 + 2, foreBottom + fist.h * 0.6],
      [fist.w / 2 - 5, foreBottom + fist.h],
      [-fist.w / 2 + 5, foreBottom + fist.h],
      [-fist.w / 2 - 2, foreBottom + fist.h * 0.6],
    ],
    paint.metal,
  );
  const parts =
    poly(
      [
        [-upper.w / 2, 0],
        [upper.w / 2, 0],
        [upper.w / 2 - 2, upper.len],
        [-upper.w / 2 + 2, upper.len],
      ],
      paint.metal,
    ) +
    circle(0, upper.len - 4, upper.w / 2 + 1, paint.joint) +
    poly(
      [
        [-fore.top / 2, foreTop],
        [fore.top / 2, foreTop],
        [fore.bottom / 2, foreBottom],
        [-fore.bottom / 2, foreBottom],
      ],
      paint.armor,
    ) +
    (spec.extras?.(paint, foreTop, foreBottom) ?? "") +
    fistShape;
  const a = (rotation * Math.PI) / 180;
  const hand: Pt = [spec.shoulder[0] - handY * Math.sin(a), spec.shoulder[1] + handY * Math.cos(a)];
  return { svg: el("g", { transform }, parts), fist: el("g", { transform }, fistShape), hand };
}

/** Both arms; the viewer's left one holds the weapon. */
export function arms(paint: Paint, pose: Pose, spec: Omit<ArmSpec, "angle" | "shoulder"> & { shoulder: Pt }) {
  const weaponSide = arm(paint, { ...spec, angle: pose.weaponArmAngle }, -1);
  const other = arm(paint, { ...spec, shoulder: mirror([spec.shoulder])[0]!, angle: pose.armAngle }, 1);
  return { svg: weaponSide.svg + other.svg, fist: weaponSide.fist, hand: weaponSide.hand };
}

/** Small serial number painted on a plate; readable at full size, texture at thumbnail size. */
export function decal(text: string, x: number, y: number, color: string, rotate = 0): string {
  return el(
    "text",
    {
      x,
      y,
      fill: color,
      stroke: "none",
      "font-family": "monospace",
      "font-size": 9,
      "font-weight": "bold",
      "text-anchor": "middle",
      opacity: 0.85,
      transform: rotate ? `rotate(${fmt(rotate)} ${fmt(x)} ${fmt(y)})` : undefined,
    },
    escapeXml(text),
  );
}
