// The odds the fight screen shows before a battle: the rulebook's estimate for the player's active bot, with
// the weapon it would fight with, against the kept AI opponent or one PvP target. The seed comes from the
// bots' ids (and the kept opponent's roll), so the same matchup shows the same number on every visit, and
// only a change of stats or weapon moves it.
import type { PvpWinChanceResponse, WinChance } from "@bot-arena/contract";
import { estimateWinChance, type Fighter, toFighter } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { type BotRow, botNotFound, findActiveBot, isBotId } from "../bots/queries";
import { noActiveBot, ownBot } from "./refusals";
import { equippedWeapon } from "./weapon";

export const aiWinChanceSeed = (botId: string, opponentSeed: number): string => `ai:${botId}:${opponentSeed}`;
export const pvpWinChanceSeed = (attackerId: string, defenderId: string): string =>
  `pvp:${attackerId}:${defenderId}`;

/** A bot as it would enter the arena: its stats and the weapon it would fight with. */
export const fighterOfBot = async (db: Db, bot: BotRow): Promise<Fighter> =>
  toFighter(bot, await equippedWeapon(db, bot));

/** The active bot's odds against an AI opponent (which never carries a weapon). */
export const aiWinChance = (
  attacker: Fighter,
  attackerId: string,
  opponent: { name: string; stats: Fighter["stats"] },
  opponentSeed: number,
): WinChance => {
  const { probability, percent } = estimateWinChance(
    attacker,
    { name: opponent.name, stats: opponent.stats, weapon: null },
    aiWinChanceSeed(attackerId, opponentSeed),
  );
  return { probability, percent };
};

export function createWinChance(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Any other player's bot may be weighed: what it would cost to challenge is the battle's business. */
    async pvpWinChance(userId: UserId, defenderId: string): Promise<PvpWinChanceResponse> {
      const active = await findActiveBot(db, userId);
      if (!active) throw noActiveBot();
      if (!isBotId(defenderId)) throw botNotFound();
      const [defender] = await db.select().from(bots).where(eq(bots.id, defenderId));
      if (!defender) throw botNotFound();
      if (defender.userId === userId) throw ownBot();
      const { probability, percent } = estimateWinChance(
        await fighterOfBot(db, active),
        await fighterOfBot(db, defender),
        pvpWinChanceSeed(active.id, defender.id),
      );
      return { defenderId: defender.id, winChance: { probability, percent } };
    },
  };
}
