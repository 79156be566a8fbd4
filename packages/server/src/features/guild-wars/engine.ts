// The war engine: the reconciler's due-row handler for `guild_wars.next_due_at`. Each advance is one of the
// events' steps (packages/game formats/event-steps.ts) in one transaction on the locked war row, guarded by the
// statuses the rulebook's war machine gives it, so a repeat is a no-op. Every round's deadline counts from the
// war's start (when its start step ran), so a late round step moves no later round:
//
//   start (registration ends) -> battle: every guild's 5 strongest active bots are snapshotted, the round robin's
//                        140 duels are written, round 1 is played (its battles stored, shown as live)
//   playRound (a round ends) -> its duels are revealed (won, lost, forfeit) and counted; the next round is played
//   complete (the last round) -> placements by duel wins then power; the three place rewards (2000/1000/500 by default)
//                        into the winners' banks, created by the house (a "stakes" war opened before issue 26
//                        pays them from its pool of stakes, the rest to the house); the guilds are free for the
//                        next war once they have rested (GUILD_WAR_REST_HOURS)
import {
  Coins,
  drilledStat,
  dueStep,
  GuildId,
  placeWarGuilds,
  planDuels,
  roundRobin,
  statTotal,
  stepFrom,
  stepTo,
  warRoster,
  warRoundEndsAt,
  warRounds,
} from "@bot-arena/game";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import {
  bots,
  guildMembers,
  guilds,
  guildWarDuels,
  guildWarParticipants,
  guildWars,
  warMusterRequests,
} from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { payOut, sweepToHouse } from "../../platform/ledger";
import { snapshotBots } from "../battles/entrants";
import { type BattleRecord, fight, newBattleId, newBattleSeed, recordBattles } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import { announceGuild } from "../guilds/service";
import { alertWarEnded } from "./alerts";
import { announceWar } from "./events";
import type { WarTimings } from "./muster";
import { postFinalNews, postRoundNews, warStandings } from "./war-news";

type WarRow = typeof guildWars.$inferSelect;

export function createWarEngine(deps: { timings: WarTimings; restHours: number }) {
  const { timings } = deps;
  const restMs = deps.restHours * 3_600_000;

  async function advance(tx: Tx, warId: string, now: Date): Promise<void> {
    const [war] = await tx.select().from(guildWars).where(eq(guildWars.id, warId)).for("update");
    if (!war || war.nextDueAt === null || war.nextDueAt > now) return;
    const step = dueStep("guild_war", war.status);
    if (step === "start") return start(tx, war, now);
    if (step === "playRound") return playRound(tx, war, now);
    // A completed war is never due; clear a stray deadline so it is not claimed again.
    await tx.update(guildWars).set({ nextDueAt: null }).where(eq(guildWars.id, war.id));
  }

  async function start(tx: Tx, war: WarRow, now: Date): Promise<void> {
    const participants = await tx
      .select({ guildId: guildWarParticipants.guildId, totalPower: guilds.totalPower })
      .from(guildWarParticipants)
      .innerJoin(guilds, eq(guilds.id, guildWarParticipants.guildId))
      .where(eq(guildWarParticipants.warId, war.id))
      .orderBy(asc(guildWarParticipants.guildId));
    // The war's start, which every round's deadline counts from (battle_ends_at minus the window keeps it).
    const battleStart = now;
    const battleEndsAt = new Date(battleStart.getTime() + timings.battleSeconds * 1000);
    // The step's claim: registration to battle, its row count checked before anything else is written.
    const [moved] = await tx
      .update(guildWars)
      .set({
        status: stepTo("guild_war", "start"),
        currentRound: 1,
        battleEndsAt,
        nextDueAt: new Date(roundEnd(battleStart, 1, participants.length)),
      })
      .where(and(eq(guildWars.id, war.id), inArray(guildWars.status, stepFrom("guild_war", "start"))))
      .returning({ id: guildWars.id });
    if (!moved) return;
    // The power the placements break ties with is the power the guild brought to the battle.
    await tx.execute(sql`
      update guild_war_participants p set total_power = g.total_power
      from guilds g where p.war_id = ${war.id} and g.id = p.guild_id`);
    const rosters = await rostersOf(
      tx,
      participants.map((p) => p.guildId),
    );
    const entrants = [...participants]
      .sort((a, b) => b.totalPower - a.totalPower || (a.guildId < b.guildId ? -1 : 1))
      .map((p) => p.guildId);
    const rows = roundRobin(entrants).flatMap((pairing) =>
      planDuels(rosters.get(pairing.home) ?? [], rosters.get(pairing.away) ?? []).map((duel) => ({
        warId: war.id,
        round: pairing.round,
        pairing: pairing.pairing,
        slot: duel.slot,
        homeGuildId: pairing.home,
        awayGuildId: pairing.away,
        homeBot: duel.kind === "void" ? null : duel.home,
        awayBot: duel.kind === "void" ? null : duel.away,
        attacker: duel.kind === "battle" ? duel.attacker : null,
        winnerGuildId:
          duel.kind === "forfeit" ? (duel.winner === "home" ? pairing.home : pairing.away) : null,
        createdAt: now,
      })),
    );
    if (rows.length > 0) await tx.insert(guildWarDuels).values(rows);
    await fightDuels(tx, war.id, 1, now);
    await announceWar(tx, war.id, "battle");
  }

  /** When round `round` ends, counted from the battle's start (battle_ends_at minus the window). */
  function roundEnd(battleStart: Date, round: number, guildCount: number): number {
    return warRoundEndsAt(battleStart.getTime(), timings.battleSeconds * 1000, round, warRounds(guildCount));
  }

  async function playRound(tx: Tx, war: WarRow, now: Date): Promise<void> {
    const round = war.currentRound;
    const [{ guildCount } = { guildCount: 0 }] = await tx
      .select({ guildCount: sql<number>`count(*)::int` })
      .from(guildWarParticipants)
      .where(eq(guildWarParticipants.warId, war.id));
    if (round >= warRounds(guildCount)) return complete(tx, war, now);
    const battleStart = new Date(war.battleEndsAt!.getTime() - timings.battleSeconds * 1000);
    // The step's claim: this round to the next, its row count checked before the round is revealed.
    const [moved] = await tx
      .update(guildWars)
      .set({ currentRound: round + 1, nextDueAt: new Date(roundEnd(battleStart, round + 1, guildCount)) })
      .where(
        and(
          eq(guildWars.id, war.id),
          inArray(guildWars.status, stepFrom("guild_war", "playRound")),
          eq(guildWars.currentRound, round),
        ),
      )
      .returning({ id: guildWars.id });
    if (!moved) return;
    await revealRound(tx, war.id, round);
    await postRoundNews(tx, war, round, warRounds(guildCount), now);
    await fightDuels(tx, war.id, round + 1, now);
    await announceWar(tx, war.id, "round");
  }

  /** The round's duels are told (won, lost, forfeit) and each guild's duel wins counted, in one statement. */
  async function revealRound(tx: Tx, warId: string, round: number): Promise<void> {
    await tx.execute(sql`
      with finished as (
        update guild_war_duels set status = 'completed'
        where war_id = ${warId} and round = ${round}
        returning winner_guild_id)
      update guild_war_participants p set duel_wins = p.duel_wins + w.n
      from (select winner_guild_id as guild_id, count(*)::int as n from finished
            where winner_guild_id is not null group by winner_guild_id) w
      where p.war_id = ${warId} and p.guild_id = w.guild_id`);
  }

  /** Plays every duel of the round at once: one insert for its battles, one update for its duels. */
  async function fightDuels(tx: Tx, warId: string, round: number, now: Date): Promise<void> {
    const duels = await tx
      .select()
      .from(guildWarDuels)
      .where(and(eq(guildWarDuels.warId, warId), eq(guildWarDuels.round, round)));
    const fought = duels.flatMap((duel) => {
      if (duel.attacker === null || !duel.homeBot || !duel.awayBot) return [];
      const home = duel.homeBot as FighterSnapshot;
      const away = duel.awayBot as FighterSnapshot;
      const [attacker, defender] = duel.attacker === "home" ? [home, away] : [away, home];
      const seed = newBattleSeed();
      const result = fight(attacker, defender, seed);
      const attackerWon = result.winner === "attacker";
      const homeWon = duel.attacker === "home" ? attackerWon : !attackerWon;
      const battle: BattleRecord = {
        id: newBattleId(),
        kind: "guild_war",
        seed,
        attacker,
        defender,
        result,
        xpGained: 0,
        coinsMoved: 0,
        createdAt: now,
      };
      return [{ duelId: duel.id, winner: homeWon ? duel.homeGuildId : duel.awayGuildId, battle }];
    });
    if (fought.length > 0) {
      await recordBattles(
        tx,
        fought.map((f) => f.battle),
      );
      const values = sql.join(
        fought.map((f) => sql`(${f.duelId}::uuid, ${f.battle.id}::uuid, ${f.winner}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        update guild_war_duels d set battle_id = v.battle_id, winner_guild_id = v.winner
        from (values ${values}) as v(id, battle_id, winner) where d.id = v.id`);
    }
    await tx
      .update(guildWarDuels)
      .set({ status: "in_progress" })
      .where(and(eq(guildWarDuels.warId, warId), eq(guildWarDuels.round, round)));
  }

  async function complete(tx: Tx, war: WarRow, now: Date): Promise<void> {
    // The step's claim: battle to completed, its row count checked before the last round is told or anything paid.
    const [moved] = await tx
      .update(guildWars)
      .set({ status: stepTo("guild_war", "complete"), completedAt: now, nextDueAt: null })
      .where(
        and(
          eq(guildWars.id, war.id),
          inArray(guildWars.status, stepFrom("guild_war", "complete")),
          eq(guildWars.currentRound, war.currentRound),
        ),
      )
      .returning({ id: guildWars.id });
    if (!moved) return;
    await revealRound(tx, war.id, war.currentRound);
    const standings = await warStandings(tx, war.id);
    const placements = placeWarGuilds(
      standings.map((s) => ({
        guildId: GuildId(s.guildId),
        duelWins: s.duelWins,
        totalPower: s.totalPower,
        disbanded: s.disbandedAt !== null,
      })),
      { first: war.firstPlaceReward, second: war.secondPlaceReward, third: war.thirdPlaceReward },
    );
    if (placements.length > 0) {
      const values = sql.join(
        placements.map((p) => sql`(${p.guildId}::uuid, ${p.placement}::int, ${p.prizeAmount}::bigint)`),
        sql`, `,
      );
      await tx.execute(sql`
        update guild_war_participants p set placement = v.placement, prize_amount = v.prize
        from (values ${values}) as v(guild_id, placement, prize)
        where p.war_id = ${war.id} and p.guild_id = v.guild_id`);
    }
    await payWar(tx, war, placements);
    await postFinalNews(tx, war, placements, now);
    await startRest(tx, war.id, now);
    await announceWar(tx, war.id, "completed");
    await alertWarEnded(
      tx,
      war,
      standings.map((s) => s.guildId),
      placements,
    );
    for (const s of standings) await announceGuild(tx, s.guildId);
  }

  /**
   * The prizes into the winners' banks, in guild id order (the lock order). A "house" war's prizes are created by
   * the house (`house_reward_war`); a "stakes" war, opened before issue 26, pays them from its pool (`war_prize`)
   * and the rest of the pool goes to the house. A bank at the coin maximum takes what fits, so the war still ends.
   */
  async function payWar(tx: Tx, war: WarRow, placements: ReturnType<typeof placeWarGuilds>): Promise<void> {
    const paid = placements.filter((p) => p.prizeAmount > 0).sort((a, b) => (a.guildId < b.guildId ? -1 : 1));
    for (const p of paid) {
      const to = { account: "guild_bank" as const, guildId: p.guildId, refType: "guild_war", refId: war.id };
      if (war.funding === "house") {
        await payOut(tx, { to, amount: Coins(p.prizeAmount), reason: "house_reward_war" });
        continue;
      }
      await payOut(tx, {
        from: { account: "war_pool", warId: war.id, refType: "guild", refId: p.guildId },
        to,
        amount: Coins(p.prizeAmount),
        reason: "war_prize",
        overflowReason: "house_cut_war_overflow",
      });
    }
    if (war.funding === "house") return;
    await sweepToHouse(tx, {
      from: { account: "war_pool", warId: war.id, refType: "guild_war", refId: war.id },
      reason: "house_cut_war",
    });
  }

  /**
   * The guilds are free of the war and rest: not eligible until `rests_until` (the trigger), so the same eight
   * are never drafted back to back. A muster request due when the rest ends makes them eligible then; without a
   * rest the database asks for a muster for each guild now eligible (migration 0010).
   */
  async function startRest(tx: Tx, warId: string, now: Date): Promise<void> {
    const restsUntil = restMs > 0 ? new Date(now.getTime() + restMs) : null;
    await tx.update(guilds).set({ currentWarId: null, restsUntil }).where(eq(guilds.currentWarId, warId));
    if (restsUntil) await tx.insert(warMusterRequests).values({ dueAt: restsUntil });
  }

  return { advance };
}

/** A war bot with its guild's war drill: each stat up by the drill's percent, rounded down (capped at 5%). */
function drilled(snapshot: FighterSnapshot, level: number): FighterSnapshot {
  if (level === 0) return snapshot;
  const { strength, agility, defense, intelligence } = snapshot.stats;
  return {
    ...snapshot,
    stats: {
      strength: drilledStat(strength, level),
      agility: drilledStat(agility, level),
      defense: drilledStat(defense, level),
      intelligence: drilledStat(intelligence, level),
    },
  };
}

/** Each guild's 5 strongest active bots (by the game's total strength), snapshotted as they enter the war. */
async function rostersOf(tx: Tx, guildIds: readonly string[]): Promise<Map<string, FighterSnapshot[]>> {
  if (guildIds.length === 0) return new Map();
  const members = await tx
    .selectDistinct({
      guildId: guildMembers.guildId,
      botId: bots.id,
      strength: bots.strength,
      agility: bots.agility,
      defense: bots.defense,
      intelligence: bots.intelligence,
    })
    .from(guildMembers)
    .innerJoin(bots, and(eq(bots.userId, guildMembers.userId), eq(bots.isActive, true)))
    .where(inArray(guildMembers.guildId, [...guildIds]));
  const byGuild = new Map<string, { botId: BotId; totalStrength: number }[]>();
  for (const m of members) {
    const list = byGuild.get(m.guildId) ?? [];
    list.push({ botId: m.botId, totalStrength: statTotal(m) });
    byGuild.set(m.guildId, list);
  }
  const chosen = new Map(
    [...byGuild].map(([guildId, list]) => [guildId, warRoster(list).map((b) => b.botId)]),
  );
  const snapshots = await snapshotBots(tx, [...chosen.values()].flat());
  // The war drill perk: its bonus is written into the snapshot, so each duel's stored battle replays as fought.
  const drills = new Map(
    (
      await tx
        .select({ id: guilds.id, level: guilds.warDrillLevel })
        .from(guilds)
        .where(inArray(guilds.id, [...guildIds]))
    ).map((g) => [g.id, g.level]),
  );
  return new Map(
    [...chosen].map(([guildId, ids]) => [
      guildId,
      ids.flatMap((id) => {
        const snapshot = snapshots.get(id);
        return snapshot ? [drilled(snapshot, drills.get(guildId) ?? 0)] : [];
      }),
    ]),
  );
}
