// A fighter as it entered the arena, frozen into the battle row: with the seed it is all a replay needs, and
// later training, renaming or recycling of the bot cannot change what the replay shows.
import type { BattleFighter } from "@bot-arena/contract";
import { effectiveStats, type Fighter, maxHp, type Stats, type Weapon } from "@bot-arena/game";
import type { BotId, UserId } from "../../platform/ids";

export type FighterSnapshot = {
  botId: BotId | null;
  userId: UserId | null;
  isAi: boolean;
  name: string;
  ownerName: string | null;
  level: number;
  model: string;
  botClass: string;
  rarity: string | null;
  colorPrimary: string;
  colorSecondary: string;
  imageUrl: string | null;
  stats: Stats;
  weapon: Weapon | null;
};

/** The columns of a bot row a snapshot reads. */
export type SnapshotSource = {
  id: BotId;
  userId: UserId;
  name: string;
  level: number;
  model: string;
  class: string;
  rarity: string;
  colorPrimary: string;
  colorSecondary: string;
  imageUrl: string | null;
} & Stats;

export const statsOf = (source: Stats): Stats => ({
  strength: source.strength,
  agility: source.agility,
  defense: source.defense,
  intelligence: source.intelligence,
});

export function snapshotOfBot(
  bot: SnapshotSource,
  ownerName: string,
  weapon: Weapon | null,
): FighterSnapshot {
  return {
    botId: bot.id,
    userId: bot.userId,
    isAi: false,
    name: bot.name,
    ownerName,
    level: bot.level,
    model: bot.model,
    botClass: bot.class,
    rarity: bot.rarity,
    colorPrimary: bot.colorPrimary,
    colorSecondary: bot.colorSecondary,
    imageUrl: bot.imageUrl,
    stats: statsOf(bot),
    weapon,
  };
}

export const fighterOf = (snapshot: FighterSnapshot): Fighter => ({
  name: snapshot.name,
  stats: snapshot.stats,
  weapon: snapshot.weapon,
});

export const snapshotMaxHp = (snapshot: FighterSnapshot): number =>
  maxHp(effectiveStats(snapshot.stats, snapshot.weapon));

export function toBattleFighter(snapshot: FighterSnapshot): BattleFighter {
  return {
    botId: snapshot.botId,
    isAi: snapshot.isAi,
    name: snapshot.name,
    ownerName: snapshot.ownerName,
    level: snapshot.level,
    model: snapshot.model,
    botClass: snapshot.botClass,
    rarity: snapshot.rarity,
    colorPrimary: snapshot.colorPrimary,
    colorSecondary: snapshot.colorSecondary,
    imageUrl: snapshot.imageUrl,
    stats: snapshot.stats,
    weaponName: snapshot.weapon?.name ?? null,
    maxHp: snapshotMaxHp(snapshot),
  };
}
