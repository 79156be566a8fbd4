// Deciding and storing a battle: a fresh seed, the rulebook's engine on the two snapshots, and one row in
// `battles` holding everything a replay needs. Text lines are not stored: they are rebuilt from the events.
import { randomInt, randomUUID } from "node:crypto";
import { type BattleResult, createRng, runBattle } from "@bot-arena/game";
import type { Db } from "../../platform/db/database";
import { hotStatement, placeholdersFor } from "../../platform/db/hot-statements";
import { battles } from "../../platform/db/schema";
import { injectedBattleSeed } from "../../platform/test-seeds";
import { type FighterSnapshot, fighterOf } from "./snapshot";

export type BattleRow = typeof battles.$inferSelect;
export type BattleKind = BattleRow["kind"];
/** What a caller needs back from an insert; the snapshots and the log it already holds. */
export type RecordedBattle = Pick<BattleRow, "id" | "kind" | "seed" | "createdAt">;

// 48 bits: plenty of distinct battles, and still an exact JavaScript number and a PostgreSQL bigint.
const SEED_LIMIT = 2 ** 48 - 1;
/** A fresh random seed, or the one a test request fixed (platform/test-seeds.ts). */
export const newBattleSeed = (): number => {
  const fixed = injectedBattleSeed();
  return fixed === undefined ? randomInt(0, SEED_LIMIT) : fixed % SEED_LIMIT;
};
export const newBattleId = (): string => randomUUID();

/** The battle the seed and the two fighters decide; the same inputs always give the same result. */
export const fight = (attacker: FighterSnapshot, defender: FighterSnapshot, seed: number): BattleResult =>
  runBattle(fighterOf(attacker), fighterOf(defender), createRng(seed), { messages: false });

export type BattleRecord = {
  id: string;
  kind: BattleKind;
  seed: number;
  attacker: FighterSnapshot;
  defender: FighterSnapshot;
  result: BattleResult;
  xpGained: number;
  coinsMoved: number;
  /** From the injected clock, so the landing page's "last hour" and tests agree with what was written. */
  createdAt: Date;
};

/**
 * An event's battle (a tournament match, a war duel), fought now on a fresh seed: no XP and no coins move with
 * it (the event pays its own prizes).
 */
export function eventBattle(
  kind: "tournament" | "guild_war",
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  now: Date,
): BattleRecord {
  const seed = newBattleSeed();
  const result = fight(attacker, defender, seed);
  return {
    id: newBattleId(),
    kind,
    seed,
    attacker,
    defender,
    result,
    xpGained: 0,
    coinsMoved: 0,
    createdAt: now,
  };
}

const BATTLE_ROW_KEYS = [
  "id",
  "kind",
  "seed",
  "attackerSnapshot",
  "defenderSnapshot",
  "winner",
  "log",
  "attackerUserId",
  "defenderUserId",
  "attackerBotId",
  "defenderBotId",
  "xpGained",
  "coinsMoved",
  "createdAt",
] as const satisfies readonly (keyof typeof battles.$inferInsert)[];
/** Every column a battle row is written with, each named: the insert is one hot statement. */
type BattleInsert = { [K in (typeof BATTLE_ROW_KEYS)[number]]: (typeof battles.$inferInsert)[K] };

/** The row a battle is stored as. */
function battleRowOf(record: BattleRecord): BattleInsert {
  return {
    id: record.id,
    kind: record.kind,
    seed: record.seed,
    attackerSnapshot: record.attacker,
    defenderSnapshot: record.defender,
    winner: record.result.winner,
    log: record.result,
    attackerUserId: record.attacker.userId,
    defenderUserId: record.defender.userId,
    attackerBotId: record.attacker.botId,
    defenderBotId: record.defender.botId,
    xpGained: record.xpGained,
    coinsMoved: record.coinsMoved,
    createdAt: record.createdAt,
  };
}

const insertBattle = hotStatement("record_battle", (db) =>
  db
    .insert(battles)
    .values(placeholdersFor(BATTLE_ROW_KEYS))
    // Not the jsonb columns: sending the log back would double the bytes of every battle.
    .returning({ id: battles.id, kind: battles.kind, seed: battles.seed, createdAt: battles.createdAt }),
);

export async function recordBattle(db: Db, record: BattleRecord): Promise<RecordedBattle> {
  const [row] = await insertBattle(db, battleRowOf(record));
  if (!row) throw new Error("recordBattle: the insert returned no row");
  return row;
}

/** Stores many battles in one statement (a tournament round); nothing is read back. */
export async function recordBattles(db: Db, records: readonly BattleRecord[]): Promise<void> {
  if (records.length > 0) await db.insert(battles).values(records.map(battleRowOf));
}
