// Battle history: a bot's last battles for its owner, and replays for any signed-in player. A replay is
// recomputed from the stored seed and snapshots; `verified` reports whether it matched the stored log.
import { isDeepStrictEqual } from "node:util";
import {
  type BattleContext,
  type BattleReplay,
  type BattleSummary,
  type BattleView,
  battleMessages,
  RECENT_BATTLES_LIMIT,
  type RecentBattles,
} from "@bot-arena/contract";
import type { BattleResult } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import { battles } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { findOwnedBot, isBotId } from "../bots/queries";
import { duelBattleContext } from "../guild-wars/duel-context";
import { tournamentBattleContext } from "../tournament/match-context";
import type { Viewer } from "../tournament/views";
import { assertCanWatchTournamentBattle } from "../tournament/watch";
import { fight } from "./record";
import type { FighterSnapshot } from "./snapshot";
import { battleViewOf } from "./view";

export type BattlesService = ReturnType<typeof createBattlesService>;

type Log = { warn(obj: unknown, msg?: string): void };

type SummaryRow = {
  id: string;
  kind: BattleSummary["kind"];
  createdAt: Date | string;
  side: BattleSummary["side"];
  winner: BattleSummary["side"];
  opponentName: string;
  opponentLevel: number;
  opponentIsAi: boolean;
  rounds: number;
  xpGained: number;
  coinsMoved: number;
};

export function createBattlesService(deps: { db: Db; log: Log }) {
  const { db } = deps;

  return {
    async replay(id: string, viewer: Viewer): Promise<BattleReplay> {
      // Battle ids are uuids like bot ids; anything else names no battle.
      if (!isBotId(id)) throw notFound(battleMessages.notFound);
      const [row] = await db.select().from(battles).where(eq(battles.id, id));
      if (!row) throw notFound(battleMessages.notFound);
      // A live tournament match may be closed to spectators until it is over.
      if (row.kind === "tournament") await assertCanWatchTournamentBattle(db, row.id, viewer);
      const header = {
        ...row,
        attackerSnapshot: row.attackerSnapshot as FighterSnapshot,
        defenderSnapshot: row.defenderSnapshot as FighterSnapshot,
      };
      const stored = row.log as BattleResult;
      const replayed = fight(header.attackerSnapshot, header.defenderSnapshot, row.seed);
      const verified = replayed.winner === row.winner && isDeepStrictEqual(replayed, stored);
      // The stored log is what the players saw and what paid out, so it wins when a later engine disagrees.
      if (!verified) deps.log.warn({ battleId: id }, "replay differs from the stored battle log");
      const view = battleViewOf(header, verified ? replayed : stored);
      return { ...view, verified, context: await contextOf(db, view, viewer.id) };
    },

    /** The bot's last battles, attacking or defending, newest first; 404 unless the bot is the player's. */
    async recent(userId: UserId, botId: string): Promise<RecentBattles> {
      const bot = await findOwnedBot(db, userId, botId);
      // Two index scans (attacking, defending), each cut to the limit, then merged and cut again.
      const side = (role: "attacker" | "defender") => {
        const botColumn = role === "attacker" ? sql`attacker_bot_id` : sql`defender_bot_id`;
        const opponent = role === "attacker" ? sql`defender_snapshot` : sql`attacker_snapshot`;
        // Only the attacking bot earns XP from a battle.
        const xp = role === "attacker" ? sql`xp_gained` : sql`0`;
        return sql`(select id, kind, created_at as "createdAt", ${sql.raw(`'${role}'`)} as side, winner,
            ${opponent}->>'name' as "opponentName", (${opponent}->>'level')::int as "opponentLevel",
            (${opponent}->>'isAi')::boolean as "opponentIsAi", (log->>'rounds')::int as rounds,
            ${xp} as "xpGained", coins_moved as "coinsMoved"
          from battles where ${botColumn} = ${bot.id}
          order by created_at desc limit ${RECENT_BATTLES_LIMIT})`;
      };
      const result = await db.execute(sql`
        select * from (${side("attacker")} union all ${side("defender")}) as history
        order by "createdAt" desc limit ${RECENT_BATTLES_LIMIT}`);
      return { battles: rowsOf<SummaryRow>(result).map(toSummary) };
    },
  };
}

/** Where a tournament match or a war duel stands in its event, for this viewer; null for AI and PvP battles. */
function contextOf(db: Db, view: BattleView, viewerId: string): Promise<BattleContext | null> {
  if (view.kind === "tournament") {
    return tournamentBattleContext(db, { ...view, winnerName: view[view.winner].name }, viewerId);
  }
  if (view.kind === "guild_war") return duelBattleContext(db, view.id, viewerId);
  return Promise.resolve(null);
}

function toSummary(row: SummaryRow): BattleSummary {
  const won = row.side === row.winner;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: new Date(row.createdAt).toISOString(),
    side: row.side,
    won,
    opponentName: row.opponentName,
    opponentLevel: Number(row.opponentLevel),
    opponentIsAi: row.opponentIsAi,
    rounds: Number(row.rounds),
    xpGained: Number(row.xpGained),
    coinsDelta: won ? Number(row.coinsMoved) : -Number(row.coinsMoved),
  };
}
