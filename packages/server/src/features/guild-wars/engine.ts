// The war engine: the reconciler's due-row handler for `guild_wars.next_due_at`. A war is a round robin of its
// guilds on the round runner (features/events/round-runner.ts), which plays its steps, claims and deadlines
// (every round's counts from the war's start, so a late round step moves no later round). What is the war's own
// is plugged in:
//
//   enter   -> every guild's 5 strongest active bots are snapshotted; the round-robin format's schedule is
//              stored as each pairing's five duels (140 for eight guilds)
//   match   -> a round's duels are fought when it starts (its battles stored, shown as live) and revealed (won,
//              lost, forfeit) and counted when it ends; each round's news tells the guilds where they stand
//   payout  -> placements by duel wins then power; the three place rewards (2000/1000/500 by default) into the
//              winners' banks, created by the house (a "stakes" war opened before issue 26 pays them from its pool
//              of stakes, the rest to the house); the guilds are free for the next war once they have rested
//              (GUILD_WAR_REST_HOURS)
import {
  Coins,
  drilledStat,
  GuildId,
  placeWarGuilds,
  planDuels,
  roundRobinSchedule,
  statTotal,
  type WarStatus,
  warRoster,
  warRounds,
} from "@bot-arena/game";
import { and, eq, inArray, sql } from "drizzle-orm";
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
import { eventBattle, recordBattles } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import { claimCondition, roundRunner, type StepClaim } from "../events/round-runner";
import { announceGuild } from "../guilds/service";
import { alertWarEnded } from "./alerts";
import { announceWar } from "./events";
import type { WarTimings } from "./muster";
import { postFinalNews, postRoundNews, warStandings } from "./war-news";

type WarRow = typeof guildWars.$inferSelect;

export function createWarEngine(deps: { timings: WarTimings; restHours: number }) {
  const battleMs = deps.timings.battleSeconds * 1000;
  const restMs = deps.restHours * 3_600_000;

  const runner = roundRunner<"guild_war", WarRow>({
    kind: "guild_war",
    claim,
    rounds: async (tx, war) => warRounds(await guildCount(tx, war.id)),
    // The battle window is shared by the rounds, the last ending exactly at its end.
    roundLength: (_war, rounds) => ({ windowMs: battleMs, rounds }),
    // The war keeps its start as the battle's end minus the window.
    startedAt: (war) => new Date(war.battleEndsAt!.getTime() - battleMs),
    enter: (tx, war, now) => enter(tx, war.id, now),
    match: {
      // Every pairing of a round robin of eight fights: a war's round is never byes only.
      play: (tx, war, round, now) => fightDuels(tx, war.id, round, now).then(() => "live" as const),
      decide: (tx, war, round) => revealRound(tx, war.id, round),
    },
    roundEnded: postRoundNews,
    stepDone: (tx, war, step) => announceWar(tx, war.id, step === "start" ? "battle" : "round"),
    payout,
  });

  async function advance(tx: Tx, warId: string, now: Date): Promise<void> {
    const [war] = await tx.select().from(guildWars).where(eq(guildWars.id, warId)).for("update");
    if (!war || war.nextDueAt === null || war.nextDueAt > now) return;
    if (await runner.advance(tx, war, now)) return;
    // A completed war is never due; clear a stray deadline so it is not claimed again.
    await tx.update(guildWars).set({ nextDueAt: null }).where(eq(guildWars.id, war.id));
  }

  /** The step's claim on the war row, its row count checked before anything else is written. */
  async function claim(tx: Tx, war: WarRow, step: StepClaim<WarStatus>): Promise<boolean> {
    const [moved] = await tx
      .update(guildWars)
      .set({
        status: step.to,
        currentRound: step.currentRound,
        nextDueAt: step.nextDueAt,
        ...(step.startedAt && { battleEndsAt: new Date(step.startedAt.getTime() + battleMs) }),
        ...(step.completedAt && { completedAt: step.completedAt }),
      })
      .where(claimCondition(guildWars, war.id, step))
      .returning({ id: guildWars.id });
    return moved !== undefined;
  }

  /** The guilds enter with the power they bring and their rosters; the whole schedule is stored as duels. */
  async function enter(tx: Tx, warId: string, now: Date): Promise<void> {
    // The power the placements break ties with is the power the guild brought to the battle.
    await tx.execute(sql`
      update guild_war_participants p set total_power = g.total_power
      from guilds g where p.war_id = ${warId} and g.id = p.guild_id`);
    const participants = await tx
      .select({ guildId: guildWarParticipants.guildId, totalPower: guildWarParticipants.totalPower })
      .from(guildWarParticipants)
      .where(eq(guildWarParticipants.warId, warId));
    const rosters = await rostersOf(
      tx,
      participants.map((p) => p.guildId),
    );
    const schedule = roundRobinSchedule(
      participants.map((p) => ({ id: p.guildId, totalStrength: p.totalPower })),
    );
    const pairingsSoFar = new Map<number, number>();
    const rows = schedule.flatMap((match) => {
      const away = match.entrant2Id;
      if (away === null) return [];
      const home = match.entrant1Id;
      const pairing = (pairingsSoFar.get(match.round) ?? 0) + 1;
      pairingsSoFar.set(match.round, pairing);
      return planDuels(rosters.get(home) ?? [], rosters.get(away) ?? []).map((duel) => ({
        warId,
        round: match.round,
        pairing,
        slot: duel.slot,
        homeGuildId: home,
        awayGuildId: away,
        homeBot: duel.kind === "void" ? null : duel.home,
        awayBot: duel.kind === "void" ? null : duel.away,
        attacker: duel.kind === "battle" ? duel.attacker : null,
        winnerGuildId: duel.kind === "forfeit" ? (duel.winner === "home" ? home : away) : null,
        createdAt: now,
      }));
    });
    if (rows.length > 0) await tx.insert(guildWarDuels).values(rows);
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
      const battle = eventBattle("guild_war", attacker, defender, now);
      const attackerWon = battle.result.winner === "attacker";
      const homeWon = duel.attacker === "home" ? attackerWon : !attackerWon;
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

  /** The last round is decided: the guilds are placed, paid, told and set to rest. */
  async function payout(tx: Tx, war: WarRow, now: Date): Promise<void> {
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

async function guildCount(tx: Tx, warId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(guildWarParticipants)
    .where(eq(guildWarParticipants.warId, warId));
  return row?.count ?? 0;
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
