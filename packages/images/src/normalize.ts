// Turns loose input into the exact values the art is drawn from, and the canonical key that names it.
import { normalizeHex } from "./palette";
import { hash32 } from "./random";
import {
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
} from "./types";

const MAX_TEXT = 60;

function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T | null {
  const v = value?.trim().toLowerCase();
  return (list as readonly string[]).includes(v ?? "") ? (v as T) : null;
}

function clip(text: string | null | undefined): string {
  return (text ?? "").trim().slice(0, MAX_TEXT);
}

export function normalizeModel(model: string): MechaModel {
  const wanted = model.trim().toLowerCase();
  const exact = MECHA_MODELS.find((m) => m.toLowerCase() === wanted);
  if (exact) return exact;
  // "striker", "Nova" and the like still get their own silhouette.
  const byWord = MECHA_MODELS.find((m) => wanted.startsWith(m.split(" ")[0]!.toLowerCase()));
  return byWord ?? MECHA_MODELS[hash32(wanted) % MECHA_MODELS.length]!;
}

export function normalizeMecha(input: MechaInput): NormalizedMecha {
  const w = input.equippedWeapon;
  const weapon: NormalizedWeapon | null =
    w && clip(w.name)
      ? {
          name: clip(w.name),
          type: clip(w.type).toLowerCase() || "weapon",
          rarity: oneOf<Rarity>(RARITIES, w.rarity) ?? "common",
          ultimateType: oneOf<UltimateType>(ULTIMATE_TYPES, w.ultimateType),
        }
      : null;
  return {
    botName: clip(input.botName),
    modelLabel: clip(input.model) || "Unknown",
    model: normalizeModel(input.model ?? ""),
    colorPrimary: normalizeHex(input.colorPrimary ?? "", "#00d4ff"),
    colorSecondary: normalizeHex(input.colorSecondary ?? "", "#0066ff"),
    rarity: oneOf<Rarity>(RARITIES, input.rarity) ?? "common",
    botClass: oneOf<BotClass>(BOT_CLASSES, input.botClass) ?? "hero",
    weapon,
    seed: clip(input.seed),
  };
}

/** Stable text for the normalised input: the seed of the art and the name of its file. */
export function mechaKey(m: NormalizedMecha): string {
  return JSON.stringify([
    m.botName,
    m.modelLabel,
    m.colorPrimary,
    m.colorSecondary,
    m.rarity,
    m.botClass,
    m.weapon ? [m.weapon.name, m.weapon.type, m.weapon.rarity, m.weapon.ultimateType] : null,
    m.seed,
  ]);
}
