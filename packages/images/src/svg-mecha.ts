// Composes one mecha card: arena, rarity flair, the model's silhouette in its colours, class accents, weapon.
import { CLASS_COLOR, classAccents, classBadge } from "./accents";
import { backdrop, groundShadow } from "./backdrop";
import { Defs } from "./defs";
import { flairBehind, flairFront, nameplate } from "./flair";
import type { Paint, Pose } from "./kit";
import { mechaKey, normalizeMecha } from "./normalize";
import { buildPalette, mix, type Palette } from "./palette";
import { createRng, hash32, type Rng } from "./random";
import { SILHOUETTES } from "./silhouettes";
import { CANVAS, el, escapeXml } from "./svg";
import type { BotClass, MechaInput, MechaModel, NormalizedMecha } from "./types";
import { drawWeapon } from "./weapons";

/** Bump when the art changes, so content-addressed files get new names. */
export const SVG_GENERATOR_VERSION = "svg-mecha-2";

function makePaint(defs: Defs, palette: Palette, botClass: BotClass): Paint {
  // A hard terminator across each plate gives the cel-shaded, faceted look of mecha art.
  const shade = (name: string, [light, mid, dark]: readonly [string, string, string]) =>
    defs.linear(
      name,
      [
        [0, light],
        [0.46, mix(light, mid, 0.55)],
        [0.5, mid],
        [1, dark],
      ],
      [0, 0, 1, 1],
    );
  return {
    armor: shade("a", palette.armor),
    trim: shade("t", palette.trim),
    metal: shade("m", palette.metal),
    joint: palette.metal[2],
    outline: palette.outline,
    seam: palette.seam,
    energy: palette.energy,
    eye: CLASS_COLOR[botClass],
    // Only the models with energy wings or coronas ask for it, so the others do not carry its bytes.
    get ghost() {
      return defs.radial(
        "ghost",
        [
          [0, palette.energy, 0.9],
          [0.55, palette.energy, 0.45],
          [1, palette.energy, 0.05],
        ],
        [256, 170, 190],
        true,
      );
    },
    glow: defs.glow(3),
  };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function modelCode(model: MechaModel): string {
  return (model.split(" ")[1] ?? "X").replace("-", "");
}

function makePose(rng: Rng, m: NormalizedMecha): Pose {
  const armAngle = rng.range(7, 14);
  return {
    armAngle,
    weaponArmAngle: m.weapon ? rng.range(20, 25) : armAngle + rng.range(-2, 2),
    headTilt: rng.range(-5, 5),
    variant: rng.next(),
    decal: `${modelCode(m.model)}-${String(rng.int(1, 99)).padStart(2, "0")}`,
    hasWeapon: m.weapon !== null,
  };
}

function title(m: NormalizedMecha): string {
  const who = m.botName ? `${m.botName}, ` : "";
  return `${who}${m.modelLabel}, ${m.rarity} ${m.botClass}${m.weapon ? ` with ${m.weapon.name}` : ""}`;
}

export function renderNormalizedSvg(m: NormalizedMecha): string {
  // A short per-image id prefix keeps inlined images apart without bloating every url(#...) reference.
  const defs = new Defs(`m${(hash32(mechaKey(m)) % 1296).toString(36).padStart(2, "0")}`);
  const palette = buildPalette(m.colorPrimary, m.colorSecondary);
  // Pose and decals follow the bot's identity, so equipping a weapon or a rarity change keeps its stance.
  const identity = `${m.botName}|${m.seed}|${m.model}|${m.colorPrimary}|${m.colorSecondary}`;
  const paint = makePaint(defs, palette, m.botClass);
  const rig = SILHOUETTES[m.model](paint, makePose(createRng(`${identity}|pose`), m));
  const weapon = m.weapon ? drawWeapon(defs, m.weapon, paint, rig.hand) : null;
  const figure = el(
    "g",
    {
      class: `mecha model-${slug(m.model)}`,
      stroke: paint.outline,
      "stroke-width": 3,
      "stroke-linejoin": "round",
    },
    rig.back + rig.body + (weapon ? weapon.svg + (weapon.kind === "shield" ? "" : rig.weaponFist) : ""),
  );
  const art =
    backdrop(defs, palette, createRng(`${identity}|arena`)) +
    el(
      "g",
      { class: `flair rarity-${m.rarity}` },
      flairBehind(defs, m.rarity, createRng(`${identity}|${m.rarity}|behind`)),
    ) +
    groundShadow(rig.ground) +
    figure +
    el("g", { class: `accents class-${m.botClass}` }, classAccents(m.botClass, rig, paint, defs)) +
    el(
      "g",
      { class: `flair rarity-${m.rarity}` },
      flairFront(defs, m.rarity, createRng(`${identity}|${m.rarity}|front`)),
    ) +
    nameplate(m.modelLabel, m.rarity) +
    classBadge(m.botClass, defs);
  const label = escapeXml(title(m));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS} ${CANVAS}" width="${CANVAS}" height="${CANVAS}" role="img">` +
    `<title>${label}</title>${defs}${art}</svg>`
  );
}

/** Pure and deterministic: the same input always yields the same SVG text. */
export function renderMechaSvg(input: MechaInput): string {
  return renderNormalizedSvg(normalizeMecha(input));
}
