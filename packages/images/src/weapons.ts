// The equipped weapon, drawn in the mecha's hand; its kind comes from its name, its light from its ultimate.
import type { Defs } from "./defs";
import { RARITY_RANK } from "./flair";
import { circle, type Paint } from "./kit";
import { hash32 } from "./random";
import { type Attrs, chamfer, el, fmt, type Pt, poly, pts } from "./svg";
import type { NormalizedWeapon, UltimateType } from "./types";

export const WEAPON_KINDS = ["blade", "axe", "spear", "hammer", "staff", "cannon", "shield"] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];

// First match wins, so "Gunblade" is a blade and "Laser Cannon" a cannon.
const KEYWORDS: readonly (readonly [WeaponKind, RegExp])[] = [
  ["blade", /sword|blade|saber|sabre|katana|edge|dagger|knife|cutlass|claw|scimitar|rapier|fang/],
  ["axe", /axe|cleaver|scythe|reaper|sickle/],
  ["spear", /spear|lance|trident|pike|halberd|javelin|glaive|drill/],
  ["hammer", /hammer|mace|maul|club|flail|fist|gauntlet|crusher|smash/],
  ["staff", /staff|rod|wand|scepter|sceptre|orb|stave|cane|totem/],
  [
    "cannon",
    /cannon|gun|blaster|rifle|launcher|laser|rail|pistol|bazooka|beam|mortar|missile|gatling|repeater/,
  ],
  ["shield", /shield|aegis|barrier|bulwark|buckler|armor|armour|plating/],
];

const FALLBACK_KINDS: readonly WeaponKind[] = ["blade", "cannon", "staff", "hammer", "spear", "axe"];

export function weaponKind(weapon: Pick<NormalizedWeapon, "name" | "type">): WeaponKind {
  const name = weapon.name.toLowerCase();
  const type = weapon.type.toLowerCase();
  for (const [kind, pattern] of KEYWORDS) if (pattern.test(name)) return kind;
  for (const [kind, pattern] of KEYWORDS) if (pattern.test(type)) return kind;
  return FALLBACK_KINDS[hash32(name) % FALLBACK_KINDS.length]!;
}

export const ULTIMATE_COLOR: Record<UltimateType, string> = {
  damage: "#ff6a2b",
  special: "#c06bff",
  heal: "#3dffa0",
};

/** Degrees from upright, leaning away from the body on the viewer's left. */
const HOLD_ANGLE: Record<WeaponKind, number> = {
  blade: -32,
  axe: -24,
  spear: -10,
  hammer: -26,
  staff: -6,
  cannon: -30,
  shield: 0,
};

interface WeaponPaint {
  steel: string;
  body: string;
  trim: string;
  grip: string;
  energy: string;
  glow: string;
}

function energyLine(d: string, p: WeaponPaint, width = 3): string {
  return el("path", {
    d,
    fill: "none",
    stroke: p.energy,
    "stroke-width": width,
    "stroke-linecap": "round",
    filter: p.glow,
  });
}

const lit = (p: WeaponPaint): Attrs => ({ stroke: "none", filter: p.glow });

function pole(p: WeaponPaint, top: number, bottom: number): string {
  return poly(chamfer(-4, top, 8, bottom - top, 2), p.grip);
}

const DRAW: Record<WeaponKind, (p: WeaponPaint) => string> = {
  blade: (p) =>
    el("circle", { cx: 0, cy: 18, r: 5, fill: p.trim }) +
    poly(chamfer(-4, -10, 8, 26, 2), p.grip) +
    poly(pts("-12,-24 12,-24 10,-156 0,-188 -10,-156"), p.steel) +
    el("path", { d: "M0 -30V-150", stroke: "#000", "stroke-opacity": 0.3, "stroke-width": 2 }) +
    energyLine("M11 -28L9.5 -156L0 -186", p) +
    poly(pts("-28,-10 28,-10 20,-28 -20,-28"), p.trim) +
    circle(0, -19, 4, p.energy, lit(p)),
  axe: (p) =>
    pole(p, -128, 34) +
    el("path", { d: "M-3 -124Q-62 -136 -66 -78Q-44 -96 -3 -88Z", fill: p.steel }) +
    energyLine("M-8 -126Q-60 -132 -64 -82", p) +
    poly(pts("3,-120 26,-108 3,-96"), p.body) +
    poly(chamfer(-7, -134, 14, 50, 3), p.trim),
  spear: (p) =>
    pole(p, -126, 110) +
    poly(pts("0,-196 13,-156 6,-128 -6,-128 -13,-156"), p.steel) +
    energyLine("M0 -192L0 -136", p, 2.5) +
    poly(chamfer(-9, -132, 18, 12, 3), p.trim) +
    poly(chamfer(-7, 60, 14, 10, 3), p.trim),
  hammer: (p) =>
    pole(p, -104, 34) +
    poly(chamfer(-36, -146, 72, 44, 8), p.body) +
    poly(chamfer(-44, -142, 10, 36, 3), p.trim) +
    poly(chamfer(34, -142, 10, 36, 3), p.trim) +
    poly(chamfer(-26, -128, 52, 8, 3), p.energy, lit(p)),
  staff: (p) =>
    pole(p, -130, 120) +
    poly(chamfer(-7, -118, 14, 10, 3), p.trim) +
    poly(chamfer(-7, 96, 14, 10, 3), p.trim) +
    el("path", {
      d: "M-4 -126Q-30 -150 -12 -186L-8 -180Q-20 -152 4 -128ZM4 -126Q30 -150 12 -186L8 -180Q20 -152 -4 -128Z",
      fill: p.body,
    }) +
    el("circle", { cx: 0, cy: -158, r: 13, fill: p.energy, ...lit(p) }) +
    el("circle", { cx: -4, cy: -162, r: 4, fill: "#fff", stroke: "none", opacity: 0.8 }),
  cannon: (p) =>
    poly(pts("-10,6 10,6 16,46 -12,52"), p.body) +
    poly(chamfer(-5, -8, 10, 22, 2), p.grip) +
    poly(chamfer(-10, -154, 20, 66, 4), p.steel) +
    poly(chamfer(-21, -96, 42, 92, 8), p.body) +
    poly(chamfer(-35, -84, 14, 44, 4), p.trim) +
    poly(chamfer(19, -88, 10, 34, 3), p.grip) +
    poly(chamfer(-16, -166, 32, 16, 4), p.trim) +
    el("path", {
      d: "M-16 -30H16M-16 -46H16M-16 -62H16M-16 -78H16",
      stroke: p.energy,
      "stroke-width": 4,
      filter: p.glow,
    }) +
    el("circle", { cx: 0, cy: -170, r: 7, fill: p.energy, ...lit(p) }),
  shield: (p) =>
    poly(pts("0,-96 46,-82 42,-20 0,22 -42,-20 -46,-82"), p.body) +
    poly(pts("0,-84 34,-74 31,-24 0,8 -31,-24 -34,-74"), p.trim) +
    energyLine("M0 -74V-4M-18 -44H18", p, 4),
};

/** The weapon group, gripped at `hand`; the arm's fist is drawn over it afterwards. */
export function drawWeapon(
  defs: Defs,
  weapon: NormalizedWeapon,
  paint: Paint,
  hand: Pt,
): { svg: string; kind: WeaponKind } {
  const kind = weaponKind(weapon);
  const energy = weapon.ultimateType ? ULTIMATE_COLOR[weapon.ultimateType] : paint.energy;
  const p: WeaponPaint = {
    steel: defs.linear("steel", [
      [0, "#f4f8ff"],
      [0.5, "#aab4c6"],
      [1, "#5d6678"],
    ]),
    body: paint.metal,
    trim: paint.trim,
    grip: paint.joint,
    energy,
    glow: paint.glow,
  };
  const rank = RARITY_RANK[weapon.rarity];
  // Legendary and diamond weapons carry their own halo of light.
  const aura = rank >= 5 ? defs.aura(`wa${weapon.ultimateType ?? "x"}`, energy, 6) : undefined;
  const transform = `translate(${fmt(hand[0])} ${fmt(hand[1])}) rotate(${HOLD_ANGLE[kind]})`;
  return { svg: el("g", { class: `weapon weapon-${kind}`, transform, filter: aura }, DRAW[kind](p)), kind };
}
