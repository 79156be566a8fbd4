// Opening wars: whenever 8 guilds are eligible, a war takes the 8 strongest (ties by id) and registration starts.
// No bank pays anything: the war copies the admin's current rewards (the house pays them when it ends), so a
// later change of the rewards never touches it. A guild sitting out the next war, or resting after its last
// (GUILD_WAR_REST_HOURS), is not eligible (the trigger).
//
// When: a guild that becomes eligible writes a request row in the same transaction (a database trigger,
// migration 0010), and the event runner claims requests like any deadline, so a crash after a donation's
// commit still opens the war. Exactly once across processes: every muster first takes one advisory lock (so two
// musters queue instead of both choosing the same guilds), then locks the eligible guilds in id order, then
// claims them with a conditional update (`current_war_id is null`). Lock order: the request row, the advisory
// lock, then guilds by id.

import { randomUUID } from "node:crypto";
import { GuildId, selectWarGuilds, stepTo, type WarRewards } from "@bot-arena/game";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { eventKey, noteCreated, noteLocks } from "../../platform/db/locks";
import { guilds, guildWarParticipants, guildWars } from "../../platform/db/schema";
import type { DueHandler } from "../../platform/reconciler";
import { announceGuild } from "../guilds/service";
import { alertDrafted } from "./alerts";
import { announceWar } from "./events";
import { readWarRewards } from "./rewards";
import { postDraftNews } from "./war-news";

/** Any fixed 64-bit number: the key of the one advisory lock that serializes opening wars. */
const MUSTER_LOCK = 7_130_813_001;

/** Taken first by every transaction that may open a war (re-entrant within the transaction). */
export async function takeMusterLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MUSTER_LOCK})`);
}

export type WarTimings = { registrationSeconds: number; battleSeconds: number };

/** Opens as many wars as the eligible guilds allow (usually none or one); returns the new wars' ids. */
export async function musterWars(tx: Tx, now: Date, timings: WarTimings): Promise<string[]> {
  await takeMusterLock(tx);
  await endRests(tx, now);
  const opened: string[] = [];
  let rewards: WarRewards | undefined;
  for (;;) {
    // Every eligible guild, in id order; which ones is known only once the statement answers.
    noteLocks(tx, "guild", []);
    const candidates = await tx
      .select({ id: guilds.id, totalPower: guilds.totalPower, bankBalance: guilds.bankBalance })
      .from(guilds)
      .where(eq(guilds.isEligibleForWar, true))
      .orderBy(asc(guilds.id))
      .for("update");
    const chosen = selectWarGuilds(candidates.map((g) => ({ ...g, id: GuildId(g.id) })));
    if (!chosen) return opened;
    rewards ??= await readWarRewards(tx);
    opened.push(await openWar(tx, chosen, now, timings, rewards));
  }
}

/**
 * Guilds whose rest after a war has passed (by the runner's clock) are free to be enlisted: clearing the rest lets
 * the trigger make them eligible again. Each muster does it first, so the request left due at a rest's end and any
 * muster after it agree.
 */
async function endRests(tx: Tx, now: Date): Promise<void> {
  noteLocks(tx, "guild", []);
  await tx.execute(sql`
    update guilds set rests_until = null
    where id in (select id from guilds where rests_until <= ${now.toISOString()}::timestamptz order by id for update)`);
}

/**
 * The runner's step for a claimed request: it answers every request committed so far that no other muster
 * holds (one muster sees every eligible guild), then opens what the guilds allow. A request committed after
 * this muster's look stays and brings another muster, which finds nothing or the war it needs.
 */
export async function answerMusterRequests(tx: Tx, now: Date, timings: WarTimings): Promise<string[]> {
  await takeMusterLock(tx);
  // A rest's end makes guilds eligible inside this step; the requests their trigger writes are answered here too.
  await endRests(tx, now);
  // A request due later (a rest's end) stays for its time.
  await tx.execute(sql`
    delete from war_muster_requests
    where id in (select id from war_muster_requests where due_at <= ${now.toISOString()}::timestamptz for update skip locked)`);
  return musterWars(tx, now, timings);
}

/** The runner's handler for war_muster_requests (registered in feature.ts). */
export const musterHandler = (timings: WarTimings): DueHandler => ({
  name: "guild-war-muster",
  table: "war_muster_requests",
  dueColumn: "due_at",
  async advance(tx, _id, now) {
    await answerMusterRequests(tx, now, timings);
  },
});

async function openWar(
  tx: Tx,
  chosen: readonly { id: string; totalPower: number }[],
  now: Date,
  timings: WarTimings,
  rewards: WarRewards,
): Promise<string> {
  const warId = randomUUID();
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(guildWars);
  const registrationEndsAt = new Date(now.getTime() + timings.registrationSeconds * 1000);
  const name = `Guild War #${n + 1}`;
  await tx.insert(guildWars).values({
    id: warId,
    name,
    status: stepTo("guild_war", "openRegistration"),
    registrationEndsAt,
    nextDueAt: registrationEndsAt,
    funding: "house",
    firstPlaceReward: rewards.first,
    secondPlaceReward: rewards.second,
    thirdPlaceReward: rewards.third,
    createdAt: now,
  });
  noteCreated(tx, "event", eventKey("guild_wars", warId));
  const ids = chosen.map((g) => g.id);
  const claimed = await tx
    .update(guilds)
    .set({ currentWarId: warId })
    .where(and(inArray(guilds.id, ids), isNull(guilds.currentWarId), isNull(guilds.disbandedAt)))
    .returning({ id: guilds.id });
  if (claimed.length !== ids.length) throw new Error("muster: a chosen guild was claimed by another war");
  await tx
    .insert(guildWarParticipants)
    .values(chosen.map((g) => ({ warId, guildId: g.id, totalPower: g.totalPower, createdAt: now })));
  await announceWar(tx, warId, "opened");
  await postDraftNews(tx, { id: warId, name }, ids, now);
  await alertDrafted(tx, { id: warId, name }, ids);
  for (const id of ids) await announceGuild(tx, id);
  return warId;
}
