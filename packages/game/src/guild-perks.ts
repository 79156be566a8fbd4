// Guild perks (issue 41): what a guild bank buys. Every price is destroyed (the coins leave the economy), so a
// bank filled by donations and war prizes has something to be filled for. Three perks:
//   seats     more member seats: +5 a level, three levels (20 -> 35)
//   banner    a colour and an emblem shown beside the tag; the first costs more than a later change
//   war_drill a bonus on the war bots' four stats in war duels, capped at 5% (never enough to decide a war alone)
// Only the leader or an officer buys. Pure rules: the server applies them inside the purchase's transaction.
import { GUILD_MAX_MEMBERS } from "./constants";
import { messages } from "./messages";
import { type Check, fail, ok, pass, type Result } from "./types";

export const GUILD_PERKS = ["seats", "banner", "war_drill"] as const;
export type GuildPerk = (typeof GUILD_PERKS)[number];

/** Seats: each level adds this many, up to the last level's price. */
export const GUILD_SEATS_PER_LEVEL = 5;
/** The price of each seats level, in order (level 1 costs the first). */
export const GUILD_SEAT_PRICES = [2_000, 4_000, 8_000] as const;

/** War drill: the bonus in percent of each stat at each level, and its price; the last is the cap. */
export const GUILD_WAR_DRILL_PERCENTS = [3, 5] as const;
export const GUILD_WAR_DRILL_PRICES = [5_000, 10_000] as const;

/** The first banner and any later change. */
export const GUILD_BANNER_PRICE = 1_000;
export const GUILD_BANNER_CHANGE_PRICE = 250;
export const GUILD_BANNER_COLORS = [
  { name: "Neon Cyan", hex: "#22e5ff" },
  { name: "Magenta", hex: "#ff2bd6" },
  { name: "Lime", hex: "#39ff14" },
  { name: "Amber", hex: "#ffb020" },
  { name: "Crimson", hex: "#ff3355" },
  { name: "Violet", hex: "#9d5cff" },
] as const;
export const GUILD_BANNER_EMBLEMS = ["shield", "sword", "skull", "crown", "bolt", "star"] as const;
export type GuildBannerColor = (typeof GUILD_BANNER_COLORS)[number]["name"];
export type GuildBannerEmblem = (typeof GUILD_BANNER_EMBLEMS)[number];

/** What a guild holds of each perk (levels from 0; a banner or none). */
export type GuildPerkState = {
  readonly seatLevel: number;
  readonly warDrillLevel: number;
  readonly banner: { readonly color: string; readonly emblem: string } | null;
};

/** A purchase as the buyer asks it: the level they mean to buy (so a repeated click buys nothing twice). */
export type PerkPurchase =
  | { readonly perk: "seats" | "war_drill"; readonly level: number }
  | { readonly perk: "banner"; readonly color: string; readonly emblem: string };

/** What the purchase does: its price, and the guild's new state. */
export type PerkOutcome = { readonly price: number; readonly next: GuildPerkState };

export const maxMembersAt = (seatLevel: number): number =>
  GUILD_MAX_MEMBERS + seatLevel * GUILD_SEATS_PER_LEVEL;

/** The war drill's bonus in percent at a level (0 without it). */
export const warDrillPercent = (level: number): number =>
  level <= 0 ? 0 : GUILD_WAR_DRILL_PERCENTS[Math.min(level, GUILD_WAR_DRILL_PERCENTS.length) - 1]!;

/** A stat with the drill's bonus: rounded down, so a small stat gains nothing rather than a whole point. */
export const drilledStat = (stat: number, level: number): number =>
  stat + Math.floor((stat * warDrillPercent(level)) / 100);

/** The next level's price of a levelled perk, or null at its last level. */
export function nextLevelPrice(perk: "seats" | "war_drill", level: number): number | null {
  const prices = perk === "seats" ? GUILD_SEAT_PRICES : GUILD_WAR_DRILL_PRICES;
  return prices[level] ?? null;
}

export const bannerPrice = (state: GuildPerkState): number =>
  state.banner ? GUILD_BANNER_CHANGE_PRICE : GUILD_BANNER_PRICE;

/** Who may buy: the leader or an officer. */
export function checkPerkBuyer(role: "leader" | "officer" | "member"): Check {
  return role === "member" ? fail("FORBIDDEN", messages.onlyPerkBuyers) : pass;
}

/** The purchase against the guild as it stands (the row locked): the price and the new state, or why not. */
export function buyPerk(state: GuildPerkState, purchase: PerkPurchase): Result<PerkOutcome> {
  if (purchase.perk === "banner") {
    const color = GUILD_BANNER_COLORS.find((c) => c.name === purchase.color);
    if (!color) return fail("VALIDATION_FAILED", messages.bannerColorUnknown);
    if (!(GUILD_BANNER_EMBLEMS as readonly string[]).includes(purchase.emblem)) {
      return fail("VALIDATION_FAILED", messages.bannerEmblemUnknown);
    }
    if (state.banner?.color === purchase.color && state.banner.emblem === purchase.emblem) {
      return fail("CONFLICT", messages.bannerUnchanged);
    }
    return ok({
      price: bannerPrice(state),
      next: { ...state, banner: { color: purchase.color, emblem: purchase.emblem } },
    });
  }
  const current = purchase.perk === "seats" ? state.seatLevel : state.warDrillLevel;
  const price = nextLevelPrice(purchase.perk, current);
  if (price === null) return fail("CONFLICT", messages.perkAtMaxLevel);
  // The buyer names the level they saw offered: one already bought (a second click, another officer) is refused.
  if (purchase.level !== current + 1) return fail("CONFLICT", messages.perkLevelTaken(current));
  const next =
    purchase.perk === "seats"
      ? { ...state, seatLevel: current + 1 }
      : { ...state, warDrillLevel: current + 1 };
  return ok({ price, next });
}
