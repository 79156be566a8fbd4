// What a battle writes to the player's bot and what it answers. Energy, XP, level, points, wins, losses and
// durability go in one conditional update: `energy >= cost` in the WHERE clause is the last word on whether
// the battle is affordable, so parallel requests can never spend the same energy twice.
import type { BattleOutcome } from "@bot-arena/contract";
import {
  type BattleAftermath,
  type BattleMode,
  type BattleResult,
  battleEnergyCost,
  battleLogLines,
  settleBattle,
} from "@bot-arena/game";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { hotStatement, setPlaceholdersFor } from "../../platform/db/hot-statements";
import { bots } from "../../platform/db/schema";
import type { RecordedBattle } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import { battleViewOf } from "../battles/view";
import type { BotRow } from "../bots/queries";
import { notEnoughEnergy } from "./refusals";

export type Settled = { bot: BotRow; aftermath: BattleAftermath };

export type AttackerOutcome = { mode: BattleMode; won: boolean; opponentLevel: number };

/** What the battle does to the attacker's bot, worked out before anything is written. */
export const attackerAftermath = (bot: BotRow, outcome: AttackerOutcome, now: Date): BattleAftermath =>
  settleBattle({ ...bot, lastEnergyUpdate: bot.lastEnergyUpdate.getTime() }, outcome, now.getTime());

/**
 * Writes the attacker's side of a finished battle, energy regenerated and spent in one write; throws
 * NOT_ENOUGH_ENERGY (rolling back) if it cannot pay. `bot` is the locked row with its energy regenerated in
 * memory (withRegeneratedEnergy), `storedEnergy` what the row held when locked: the write happens only if the
 * row still holds it, which the lock guarantees and which a caller that forgot the lock would learn from.
 * Issued at once, so the battle's other writes can share its flight (see platform/db/pipelining.ts).
 */
const SETTLED_COLUMNS = [
  "energy",
  "lastEnergyUpdate",
  "xp",
  "level",
  "availablePoints",
  "wins",
  "losses",
  "durability",
] as const satisfies readonly (keyof typeof bots.$inferInsert)[];

// The write is guarded by the energy the lock read: a battle that raced another one on a stale row finds none.
const settleBot = hotStatement("settle_attacker", (db) =>
  db
    .update(bots)
    .set(setPlaceholdersFor(SETTLED_COLUMNS))
    .where(and(eq(bots.id, sql.placeholder("botId")), eq(bots.energy, sql.placeholder("storedEnergy"))))
    .returning(),
);

export async function settleAttacker(
  db: Db,
  bot: BotRow,
  settlement: { mode: BattleMode; aftermath: BattleAftermath },
  storedEnergy: number,
): Promise<Settled> {
  const { aftermath, mode } = settlement;
  const [row] = await settleBot(db, {
    energy: aftermath.energy,
    lastEnergyUpdate: new Date(aftermath.lastEnergyUpdate),
    xp: aftermath.xp,
    level: aftermath.level,
    availablePoints: aftermath.availablePoints,
    wins: aftermath.wins,
    losses: aftermath.losses,
    durability: aftermath.durability,
    botId: bot.id,
    storedEnergy,
  });
  if (!row || bot.energy < battleEnergyCost(mode)) throw notEnoughEnergy(mode);
  return { bot: row, aftermath };
}

export function battleOutcomeOf(input: {
  battle: RecordedBattle;
  attacker: FighterSnapshot;
  defender: FighterSnapshot;
  result: BattleResult;
  settled: Settled;
  coinsDelta: number;
  newCoinBalance: number;
}): BattleOutcome {
  const { settled, result } = input;
  const { bot, aftermath } = settled;
  return {
    battle: battleViewOf(
      { ...input.battle, attackerSnapshot: input.attacker, defenderSnapshot: input.defender },
      result,
    ),
    battleLog: battleLogLines(result),
    won: result.winner === "attacker",
    xpGained: aftermath.xpGained,
    leveledUp: aftermath.leveledUp,
    newLevel: bot.level,
    pointsGained: aftermath.pointsGained,
    coinsDelta: input.coinsDelta,
    newCoinBalance: input.newCoinBalance,
    bot: {
      id: bot.id,
      energy: bot.energy,
      maxEnergy: bot.maxEnergy,
      xp: bot.xp,
      level: bot.level,
      availablePoints: bot.availablePoints,
      wins: bot.wins,
      losses: bot.losses,
      durability: bot.durability,
      maxDurability: bot.maxDurability,
    },
  };
}
