// The procedural SVG mecha generator: a pure function from a bot's look to an SVG document.
export { mechaKey, normalizeMecha, normalizeModel } from "./normalize";
export { createRng, hash32, type Rng } from "./random";
export { renderMechaSvg, SVG_GENERATOR_VERSION } from "./svg-mecha";
export {
  BOT_CLASSES,
  type BotClass,
  MECHA_MODELS,
  type MechaInput,
  type MechaModel,
  type NormalizedMecha,
  type NormalizedWeapon,
  RARITIES,
  type Rarity,
  ULTIMATE_TYPES,
  type UltimateType,
  type WeaponInput,
} from "./types";
export { WEAPON_KINDS, type WeaponKind, weaponKind } from "./weapons";
