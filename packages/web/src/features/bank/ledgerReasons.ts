// Ledger reasons as the coin history names them, the one place that does: short (each fits a phone's row
// whole, 16 characters at most) and distinct, so an entry fee, its refund and a prize never look alike. Coins the
// arena creates (`house_reward_...`) read as the arena's; an unknown reason reads as its own words. A row's title
// adds the other side the server names: the player beaten or sold to, the tournament, guild or war.
import type { LedgerEntry } from "@bot-arena/contract";

const labels: Record<string, string> = {
  signup_bonus: "Welcome bonus",
  summon: "Summon",
  rename: "Rename",
  refresh: "Refresh",
  recycle: "Recycle",
  customization: "Customization",
  shop_purchase: "Shop purchase",
  repair: "Repair",
  vault_deposit: "Vault deposit",
  vault_withdraw: "Vault withdrawal",
  cashout: "Cash-out request",
  cashout_refund: "Cash-out refund",
  marketplace_purchase: "Market purchase",
  marketplace_sale: "Market sale",
  pvp_win: "PvP victory",
  pvp_loss: "PvP defeat",
  admin_grant: "Admin grant",
  tournament_entry: "Tournament entry",
  tournament_refund: "Entry refund",
  tournament_prize: "Tournament prize",
  // An admin-mode tournament's prize: the arena creates it rather than the entry fees paying it.
  house_reward_tournament: "Arena prize",
  // A PvP season's podium prize, which the arena creates at the season's close.
  house_reward_pvp_season: "Season prize",
  guild_create: "Guild founded",
  guild_donation: "Guild donation",
};

/** The longest label a phone's history row shows whole. */
export const REASON_LABEL_MAX = 16;

export function reasonLabel(reason: string): string {
  const known = labels[reason];
  if (known) return known;
  if (reason.startsWith("house_reward")) return "Arena reward";
  const words = reason.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every reason the history names by hand (for the tests). */
export const namedReasons = Object.keys(labels);

/** What a player's own sentence says for a move with another player; the rest read 'label · name'. */
const withPlayer: Record<string, (name: string, bot: string) => string> = {
  pvp_win: (name) => `PvP victory over ${name}`,
  pvp_loss: (name) => `PvP defeat by ${name}`,
  marketplace_sale: (name, bot) => `Sold ${bot} to ${name}`,
  marketplace_purchase: (name, bot) => `Bought ${bot} from ${name}`,
};

/** A history row's title: its reason, and who or what was on the other side when that is someone else. */
export function entryTitle(entry: Pick<LedgerEntry, "reason" | "counterparty" | "botName">): string {
  const label = reasonLabel(entry.reason);
  const other = entry.counterparty;
  if (other === null || other.kind === "house" || other.kind === "own") return label;
  const sentence = other.kind === "player" ? withPlayer[entry.reason] : undefined;
  return sentence ? sentence(other.name, entry.botName ?? "a bot") : `${label} · ${other.name}`;
}
