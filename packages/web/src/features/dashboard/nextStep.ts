// The dashboard's nudge for a new pilot: the one step that helps most right now, in the arena's voice.
// Unspent training points come first (free power), then a weapon (owned but not equipped, or one the wallet
// can buy), then a summon the wallet covers, and otherwise the arena itself.
import { MAX_BOTS, SUMMON_SINGLE_PRICE } from "@bot-arena/game";

/** From this many battles on, a pilot knows the way around and the nudge goes. */
export const NEW_PILOT_BATTLES = 10;

export type NextStepKind = "train" | "equip" | "shop" | "summon" | "fight";

export type NextStep = {
  kind: NextStepKind;
  title: string;
  text: string;
  action: string;
  to: string;
};

export type NextStepInput = {
  /** Battles fought by all of the pilot's bots. */
  battles: number;
  activeBot: { name: string; availablePoints: number; equippedWeaponId: string | null } | null;
  coins: number;
  botCount: number;
  /** A weapon in the inventory that no bot holds. */
  hasSpareWeapon: boolean;
  /** The shop's cheapest weapon, or null while the catalogue is unknown. */
  cheapestWeaponPrice: number | null;
};

export function nextStep(input: NextStepInput): NextStep | null {
  const bot = input.activeBot;
  if (input.battles >= NEW_PILOT_BATTLES || bot === null) return null;
  if (bot.availablePoints > 0) {
    const points = `${bot.availablePoints} training point${bot.availablePoints === 1 ? "" : "s"}`;
    return {
      kind: "train",
      title: "Level up!",
      text: `${bot.name} has ${points} to spend. Make them count.`,
      action: "Spend points",
      to: "/train",
    };
  }
  if (bot.equippedWeaponId === null && input.hasSpareWeapon) {
    return {
      kind: "equip",
      title: "Arm your bot",
      text: `A weapon is gathering dust in your inventory. Equip it and let ${bot.name}'s ultimate turn a fight.`,
      action: "Equip a weapon",
      to: "/inventory",
    };
  }
  if (
    bot.equippedWeaponId === null &&
    input.cheapestWeaponPrice !== null &&
    input.coins >= input.cheapestWeaponPrice
  ) {
    return {
      kind: "shop",
      title: "Gear up",
      text: `${bot.name} fights bare-handed. Weapons start at ${input.cheapestWeaponPrice} coins, and their ultimates can turn a fight.`,
      action: "Visit the shop",
      to: "/shop",
    };
  }
  if (input.coins >= SUMMON_SINGLE_PRICE && input.botCount < MAX_BOTS) {
    return {
      kind: "summon",
      title: "Grow your squad",
      text: `You have the coins for a summon (${SUMMON_SINGLE_PRICE}). A new bot could roll rare or better.`,
      action: "Summon",
      to: "/summon",
    };
  }
  return {
    kind: "fight",
    title: "Into the arena",
    text: "Every battle earns XP, win or lose. Check your odds, then strike.",
    action: "Fight",
    to: "/fight",
  };
}
