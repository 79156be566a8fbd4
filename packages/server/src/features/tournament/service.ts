// The player's side of tournaments: the current and past tournaments, one tournament's page, joining with the
// active bot (the fee into the pool) and readying up. The lifecycle after that is lifecycle.ts and its rounds
// the round runner's (engine.ts), driven by the reconciler (due.ts) and the admin's actions (admin.ts).
import type {
  CurrentTournamentResponse,
  JoinTournamentResponse,
  PastTournamentsResponse,
  TournamentDetail,
} from "@bot-arena/contract";
import { entryFee, messages, startsEarly, statTotal } from "@bot-arena/game";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import { type Db, rowsOf } from "../../platform/db/database";
import { answerOf } from "../../platform/db/flight";
import { eventKey, noteLocks } from "../../platform/db/locks";
import { tournamentParticipants, tournaments } from "../../platform/db/schema";
import { badRequest, conflict } from "../../platform/errors";
import { isUuid, type UserId } from "../../platform/ids";
import type { Reconciler } from "../../platform/reconciler";
import { findActiveBot, findOwnedBot, lockActiveBot, lockProfile } from "../bots/queries";
import { publishTournamentChange } from "./live";
import { payEntryFee } from "./money";
import { findTournament, lockTournament, type TournamentRow } from "./rows";
import { detailOf, pastOf, type Viewer } from "./views";

export type TournamentService = ReturnType<typeof createTournamentService>;

/** How many finished tournaments the history lists. */
export const PAST_TOURNAMENTS_LIMIT = 20;

const OPEN = ["registration", "pending"] as const;

export function createTournamentService(deps: {
  db: Db;
  clock: Clock;
  reconciler: Pick<Reconciler, "nudge">;
}) {
  const { db, clock } = deps;

  /** The newest pending or active tournament; else the newest completed one not yet archived (its podium). */
  async function currentRow(): Promise<TournamentRow | null> {
    const [live] = await db
      .select()
      .from(tournaments)
      .where(inArray(tournaments.status, ["pending", "active"]))
      .orderBy(desc(tournaments.createdAt), desc(tournaments.id))
      .limit(1);
    if (live) return live;
    const [finished] = await db
      .select()
      .from(tournaments)
      .where(eq(tournaments.status, "completed"))
      .orderBy(desc(tournaments.completedAt), desc(tournaments.id))
      .limit(1);
    return finished ?? null;
  }

  return {
    async current(viewer: Viewer): Promise<CurrentTournamentResponse> {
      const row = await currentRow();
      return { tournament: row ? await detailOf(db, row, viewer, clock.now()) : null };
    },

    async one(viewer: Viewer, id: string): Promise<TournamentDetail> {
      return detailOf(db, await findTournament(db, id), viewer, clock.now());
    },

    /** Finished tournaments (completed, cancelled, archived), newest first, with their champions. */
    async past(): Promise<PastTournamentsResponse> {
      const rows = await db
        .select()
        .from(tournaments)
        .where(inArray(tournaments.status, ["completed", "cancelled", "archived"]))
        .orderBy(
          desc(sql`coalesce(${tournaments.completedAt}, ${tournaments.createdAt})`),
          desc(tournaments.id),
        )
        .limit(PAST_TOURNAMENTS_LIMIT);
      const champions = rows.length
        ? rowsOf<{ tournamentId: string; username: string; botName: string | null; prizeWon: number }>(
            await db.execute(sql`
              select p.tournament_id as "tournamentId", pr.username, p.snapshot->>'name' as "botName",
                p.prize_won as "prizeWon"
              from tournament_participants p join profiles pr on pr.id = p.user_id
              where p.placement = 1 and p.tournament_id in (${sql.join(
                rows.map((r) => sql`${r.id}::uuid`),
                sql`, `,
              )})`),
          )
        : [];
      const byTournament = new Map(champions.map((c) => [c.tournamentId, c]));
      return {
        tournaments: rows.map((t) => {
          const c = byTournament.get(t.id);
          return pastOf(
            t,
            c
              ? { username: c.username, botName: c.botName ?? "Retired bot", prizeWon: Number(c.prizeWon) }
              : null,
          );
        }),
      };
    },

    async join(userId: UserId, id: string, botId?: string): Promise<JoinTournamentResponse> {
      const joined = await db.transaction(async (tx) => {
        // Read first so refusals come in the spec's order; the locked writes below re-check every one.
        // Whether the player is in already is read here too: a repeat join must not take the seat, the one row
        // every join queues on, only to give it back (issue 30: half the joins of a busy arena were repeats).
        const [t, active, [joinedBefore]] = await Promise.all([
          findTournament(tx, id),
          findActiveBot(tx, userId),
          isUuid(id)
            ? tx
                .select({ id: tournamentParticipants.id })
                .from(tournamentParticipants)
                .where(
                  and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, userId)),
                )
            : [],
        ]);
        if (botId !== undefined && botId !== active?.id) {
          // Someone else's bot (or none) is not found, as everywhere; one of the player's own must be the active one.
          await findOwnedBot(tx, userId, botId);
          throw conflict(messages.joinWithActiveBot);
        }
        if (!active) throw badRequest(messages.needActiveBotForTournament);
        if (!OPEN.includes(t.status as (typeof OPEN)[number])) throw conflict(messages.tournamentNotOpen);
        if (joinedBefore) throw conflict(messages.alreadyJoined);

        // The one lock order (platform/db/locks.ts): the tournament's row first (the seat, which every join
        // takes; Stop and the runner take it first too, so a join waits behind them holding nothing they need),
        // alone, since statements started together do not reach the database in a promised order; then the
        // wallet's profile and the bot in one flight. Refusals are read in the rules' order below; any of them
        // rolls the seat back.
        noteLocks(tx, "event", [eventKey("tournaments", t.id)]);
        const [seated] = await tx
          .update(tournaments)
          .set({
            currentPlayers: sql`${tournaments.currentPlayers} + 1`,
          })
          .where(
            and(
              eq(tournaments.id, t.id),
              inArray(tournaments.status, [...OPEN]),
              sql`${tournaments.currentPlayers} < ${tournaments.maxPlayers}`,
            ),
          )
          .returning({ id: tournaments.id });
        const [{ coins }, [already], bot] = await Promise.all([
          lockProfile(tx, userId),
          tx
            .select({ id: tournamentParticipants.id })
            .from(tournamentParticipants)
            .where(
              and(eq(tournamentParticipants.tournamentId, t.id), eq(tournamentParticipants.userId, userId)),
            ),
          lockActiveBot(tx, userId),
        ]);
        if (already) throw conflict(messages.alreadyJoined);
        if (!bot) throw badRequest(messages.needActiveBotForTournament);
        if (bot.isListed) throw conflict(messages.listedBotCannotJoin);
        if (!seated) {
          const now = await findTournament(tx, t.id);
          throw conflict(
            OPEN.includes(now.status as (typeof OPEN)[number])
              ? messages.tournamentFull
              : messages.tournamentNotOpen,
          );
        }
        const fee = entryFee(t.entryFeeMode);
        // The entry and the fee in one flight, with the house rule 'one unfinished tournament per bot' read under
        // the profile's lock, so two joins of one bot to two tournaments see each other.
        const [elsewhere, entered, paid] = await Promise.allSettled([
          tx.execute(sql`
            select 1 from tournament_participants p join tournaments other on other.id = p.tournament_id
            where p.bot_id = ${bot.id}::uuid and other.id <> ${t.id}::uuid
              and other.status in ('registration', 'pending', 'active')
            limit 1`),
          tx
            .insert(tournamentParticipants)
            .values({
              tournamentId: t.id,
              userId,
              botId: bot.id,
              totalStrength: statTotal(bot),
            })
            .onConflictDoNothing()
            .returning({ id: tournamentParticipants.id }),
          fee > 0
            ? payEntryFee(tx, { tournamentId: t.id, userId, fee, message: messages.notEnoughCoins })
            : Promise.resolve(coins),
        ]);
        if (rowsOf(answerOf(elsewhere)).length > 0) throw conflict(messages.botInAnotherTournament);
        const [entry] = answerOf(entered);
        if (!entry) throw conflict(messages.alreadyJoined);
        const newCoinBalance = answerOf(paid);
        await publishTournamentChange(tx, t.id, "joined");
        return { message: messages.joinedTournament, participantId: entry.id, newCoinBalance };
      });
      return joined;
    },

    async ready(userId: UserId, id: string): Promise<{ message: string }> {
      const early = await db.transaction(async (tx) => {
        // The row lock orders ready-ups against the registration deadline: after it, the status says so.
        const t = await lockTournament(tx, id);
        const [entry] = await tx
          .select({ id: tournamentParticipants.id, isReady: tournamentParticipants.isReady })
          .from(tournamentParticipants)
          .where(
            and(eq(tournamentParticipants.tournamentId, t.id), eq(tournamentParticipants.userId, userId)),
          );
        if (!entry) throw conflict(messages.notInTournament);
        if (!OPEN.includes(t.status as (typeof OPEN)[number])) throw conflict(messages.registrationClosed);
        if (entry.isReady) return false;
        await tx
          .update(tournamentParticipants)
          .set({ isReady: true })
          .where(eq(tournamentParticipants.id, entry.id));
        const [counts] = rowsOf<{ ready: number }>(
          await tx.execute(sql`select count(*)::int as ready from tournament_participants
            where tournament_id = ${t.id}::uuid and is_ready`),
        );
        const full = startsEarly({
          currentPlayers: t.currentPlayers,
          readyCount: Number(counts?.ready ?? 0),
          maxPlayers: t.maxPlayers,
        });
        // Full and everyone ready: no reason to wait for the deadline; the reconciler starts it now.
        if (full)
          await tx.update(tournaments).set({ nextDueAt: clock.now() }).where(eq(tournaments.id, t.id));
        await publishTournamentChange(tx, t.id, "ready");
        return full;
      });
      if (early) deps.reconciler.nudge();
      return { message: early ? messages.readyStarting : messages.readyWaiting };
    },
  };
}
