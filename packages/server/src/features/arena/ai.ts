// AI battles. The server rolls the opponent and keeps it in `ai_opponents` (one per player): the battle fights
// exactly that opponent and consumes it, so a client can neither pick an easier one nor fight a stale one twice.
import {
  type AiOpponent as AiOpponentDto,
  type AiOpponentResponse,
  type BattleOutcome,
  botsMessages,
  type WinChance,
} from "@bot-arena/contract";
import { type AiOpponent, createRng, effectiveStats, generateAiOpponent, maxHp } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "../../platform/auth/session";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { hotStatement, placeholdersFor, setPlaceholdersFor } from "../../platform/db/hot-statements";
import { aiOpponents } from "../../platform/db/schema";
import { conflict } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";
import type { MediaStore } from "../../platform/media/store";
import { fight, newBattleId, newBattleSeed, recordBattle } from "../battles/record";
import { type FighterSnapshot, snapshotOfBot } from "../battles/snapshot";
import { generateBotImage } from "../bots/bot-images";
import { findActiveBot, lockActiveBot, lockProfile, withRegeneratedEnergy } from "../bots/queries";
import { aiLookInput } from "./ai-looks";
import { attackerAftermath, battleOutcomeOf, settleAttacker } from "./progress";
import { assertCanBattle, noActiveBot } from "./refusals";
import { equippedWeapon } from "./weapon";
import { aiWinChance, fighterOfBot } from "./win-chance";

/** The opponent as kept in ai_opponents.opponent. */
export type KeptOpponent = AiOpponent & { imageUrl: string | null };

export type ArenaDeps = {
  db: Db;
  clock: Clock;
  /** Where AI opponents' images are stored. */
  media: MediaStore;
  log: { warn(obj: unknown, msg?: string): void };
};

function toOpponentDto(opponent: KeptOpponent, winChance: WinChance): AiOpponentDto {
  return {
    name: opponent.name,
    model: opponent.model,
    botClass: opponent.botClass,
    level: opponent.level,
    stats: opponent.stats,
    maxHp: maxHp(effectiveStats(opponent.stats, null)),
    colorPrimary: opponent.colorPrimary,
    colorSecondary: opponent.colorSecondary,
    imageUrl: opponent.imageUrl,
    winChance,
  };
}

function aiSnapshot(opponent: KeptOpponent): FighterSnapshot {
  return {
    botId: null,
    userId: null,
    isAi: true,
    name: opponent.name,
    ownerName: null,
    level: opponent.level,
    model: opponent.model,
    botClass: opponent.botClass,
    rarity: null,
    colorPrimary: opponent.colorPrimary,
    colorSecondary: opponent.colorSecondary,
    imageUrl: opponent.imageUrl,
    stats: opponent.stats,
    weapon: null,
  };
}

const KEPT_COLUMNS = ["botId", "seed", "opponent", "createdAt"] as const;
/** One waiting opponent per player: a new roll replaces the last. */
const keepOpponent = hotStatement("keep_ai_opponent", (db) =>
  db
    .insert(aiOpponents)
    .values({ userId: sql.placeholder("userId"), ...placeholdersFor(KEPT_COLUMNS) })
    .onConflictDoUpdate({ target: aiOpponents.userId, set: setPlaceholdersFor(KEPT_COLUMNS) }),
);
const takeOpponent = hotStatement("take_ai_opponent", (db) =>
  db
    .delete(aiOpponents)
    .where(eq(aiOpponents.userId, sql.placeholder("userId")))
    .returning(),
);

export function createAiArena(deps: ArenaDeps) {
  const { db, clock } = deps;

  return {
    /** The opponent waiting for the active bot, or null (none found yet, or found for another bot). */
    async currentAiOpponent(userId: UserId): Promise<AiOpponentResponse> {
      const active = await findActiveBot(db, userId);
      if (!active) throw noActiveBot();
      const [kept] = await db.select().from(aiOpponents).where(eq(aiOpponents.userId, userId));
      if (!kept || kept.botId !== active.id) return { opponent: null };
      const opponent = kept.opponent as KeptOpponent;
      // Worked out on every read: training or a new weapon since the roll changes the odds.
      const odds = aiWinChance(await fighterOfBot(db, active), active.id, opponent, kept.seed);
      return { opponent: toOpponentDto(opponent, odds) };
    },

    async findAiOpponent(userId: UserId): Promise<AiOpponentResponse> {
      const active = await findActiveBot(db, userId);
      if (!active) throw noActiveBot();
      const seed = newBattleSeed();
      const rolled = generateAiOpponent(createRng(seed), active.level);
      // Drawn from the look alone (ai-looks.ts), each drawn once, at start: here it is read from the store.
      const imageUrl = await generateBotImage({ media: deps.media, log: deps.log }, aiLookInput(rolled));
      const opponent: KeptOpponent = { ...rolled, imageUrl };
      await keepOpponent(db, { userId, botId: active.id, seed, opponent, createdAt: clock.now() });
      const odds = aiWinChance(await fighterOfBot(db, active), active.id, opponent, seed);
      return { opponent: toOpponentDto(opponent, odds) };
    },

    aiBattle(user: SessionUser): Promise<BattleOutcome> {
      return db.transaction(async (tx) => {
        // One flight, in lock order: the profile (the battle row's foreign key and the stake touch it, and
        // every path locks it before bots), the active bot, and the waiting opponent taken out of
        // ai_opponents (any refusal below rolls that back and the opponent stays).
        const [{ coins }, locked, [kept]] = await Promise.all([
          lockProfile(tx, user.id),
          lockActiveBot(tx, user.id),
          takeOpponent(tx, { userId: user.id }),
        ]);
        if (!locked) throw noActiveBot();
        if (locked.isListed) throw conflict(botsMessages.botListed);
        const now = clock.now();
        // Regenerated in memory: the battle's own write stores it with the energy spent (one write, not two).
        const bot = withRegeneratedEnergy(locked, now);
        const opponent = assertCanBattle({
          mode: "ai",
          opponent: kept?.botId === bot.id ? (kept.opponent as KeptOpponent) : null,
          energy: bot.energy,
          durability: bot.durability,
        });

        const attacker = snapshotOfBot(bot, user.username, await equippedWeapon(tx, bot));
        const defender = aiSnapshot(opponent);
        const seed = newBattleSeed();
        const result = fight(attacker, defender, seed);
        const won = result.winner === "attacker";
        const aftermath = attackerAftermath(bot, { mode: "ai", won, opponentLevel: opponent.level }, now);
        // The bot's write and the battle's row in one flight.
        const [settled, battle] = await Promise.all([
          settleAttacker(tx, bot, { mode: "ai", aftermath }, locked.energy),
          recordBattle(tx, {
            id: newBattleId(),
            kind: "ai",
            seed,
            attacker,
            defender,
            result,
            xpGained: aftermath.xpGained,
            coinsMoved: 0,
            createdAt: now,
          }),
        ]);
        await publishToPlayer(tx, user.id, "bots", { botId: bot.id });
        return battleOutcomeOf({
          battle,
          attacker,
          defender,
          result,
          settled,
          coinsDelta: 0,
          // An AI battle moves no coins: the wallet is as the profile's lock read it.
          newCoinBalance: coins,
        });
      });
    },
  };
}
