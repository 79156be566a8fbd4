// The arena behind every mecha: spotlight, light rays from above and a perspective grid floor.
import type { Defs } from "./defs";
import type { Palette } from "./palette";
import type { Rng } from "./random";
import { CANVAS, CENTER_X, el, fmt, polyD } from "./svg";

const HORIZON = 330;

function rays(defs: Defs, palette: Palette, rng: Rng): string {
  const fill = defs.linear(
    "ray",
    [
      [0, palette.energy, 0.32],
      [1, palette.energy, 0],
    ],
    [0, 0, 0, 1],
  );
  let d = "";
  const count = rng.int(4, 6);
  for (let i = 0; i < count; i++) {
    const x = CENTER_X + (i - (count - 1) / 2) * rng.range(60, 90) + rng.range(-20, 20);
    const spread = rng.range(14, 34);
    const lean = (x - CENTER_X) * 0.5;
    d += polyD([
      [x - 6, -10],
      [x + 6, -10],
      [x + lean + spread, 380],
      [x + lean - spread, 380],
    ]);
  }
  return el("path", { d, fill, opacity: 0.7 });
}

function floorGrid(palette: Palette): string {
  let d = "";
  // Rows bunch up toward the horizon as they would in perspective.
  for (let i = 1; i <= 7; i++) {
    const y = HORIZON + (CANVAS - HORIZON) * (i / 7) ** 1.8;
    d += `M0 ${fmt(y)}H${CANVAS}`;
  }
  for (let i = -8; i <= 8; i++) {
    d += `M${fmt(CENTER_X + i * 14)} ${HORIZON}L${fmt(CENTER_X + i * 130)} ${CANVAS}`;
  }
  return el("path", { d, stroke: palette.energy, "stroke-width": 1.2, fill: "none", opacity: 0.35 });
}

export function backdrop(defs: Defs, palette: Palette, rng: Rng): string {
  const sky = defs.radial(
    "sky",
    [
      [0, palette.backdrop[0]],
      [1, palette.backdrop[1]],
    ],
    [0.5, 0.38, 0.7],
  );
  const floor = defs.linear(
    "floor",
    [
      [0, "#000", 0.85],
      [0.35, "#000", 0.35],
      [1, "#000", 0.6],
    ],
    [0, 0, 0, 1],
  );
  const pool = defs.radial("pool", [
    [0, palette.energy, 0.55],
    [0.6, palette.energy, 0.12],
    [1, palette.energy, 0],
  ]);
  return (
    el("rect", { width: CANVAS, height: CANVAS, fill: sky }) +
    rays(defs, palette, rng) +
    el("rect", { y: HORIZON, width: CANVAS, height: CANVAS - HORIZON, fill: "#04050a", opacity: 0.55 }) +
    floorGrid(palette) +
    el("rect", { y: HORIZON, width: CANVAS, height: CANVAS - HORIZON, fill: floor }) +
    el("path", { d: `M0 ${HORIZON}H${CANVAS}`, stroke: palette.energy, "stroke-width": 1.5, opacity: 0.5 }) +
    el("ellipse", { cx: CENTER_X, cy: 450, rx: 170, ry: 34, fill: pool })
  );
}

/** Contact shadow under the feet, drawn after the floor light. */
export function groundShadow(ground: number): string {
  return el("ellipse", { cx: CENTER_X, cy: ground, rx: 92, ry: 11, fill: "#000", opacity: 0.55 });
}
