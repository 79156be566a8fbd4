// The tournament's life after creation on a row the caller holds FOR UPDATE (the reconciler's claim or an admin
// action's lock). Its rounds are the round runner's (engine.ts on features/events/round-runner.ts: the events'
// steps start, playRound, complete, each a conditional update from the statuses the rulebook's machine gives it,
// so a step repeated by a second process or after a crash finds nothing to do); what is here is the
// tournament's own around them: registration's check, Stop (the cancel step) and End Now.
//
//   pending --registration end / Start--> active (the format's round 1 of the ready players, live)
//           \--too few ready------------> cancelled (every fee back)
//   active  --round window ends---------> next round live ... --> completed (podium paid, pool swept)
//   pending/active --Stop---------------> cancelled (every fee back)
//   pending/active --End Now------------> completed at once (or cancelled when too few are ready)
//
// Lock order: the tournament row first (the reconciler claims it), then players' wallets in user id order.
// A join takes a wallet and then this row, but only for a player who is not yet in this tournament, so the two
// orders never wait on each other.
import { dueStep, entryFee, stepFrom, stepTo, TOURNAMENT_MIN_PLAYERS } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { tournaments } from "../../platform/db/schema";
import { tournamentRunner } from "./engine";
import { publishTournamentChange } from "./live";
import { refundFees, sweepPoolToHouse } from "./money";
import { participantsOf, type TournamentRow } from "./rows";

export type StepOutcome = "started" | "cancelled" | "next_round" | "completed" | "nothing";

/** Stop: every entrant gets their fee back, the bracket (if any) stops where it is. */
export async function cancel(
  tx: Tx,
  t: TournamentRow,
  now: Date,
  options: { endSeries: boolean },
): Promise<StepOutcome> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: stepTo("tournament", "cancel"),
      isReadyPhase: false,
      nextDueAt: null,
      completedAt: now,
      ...(options.endSeries ? { repeatDueAt: null } : {}),
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, stepFrom("tournament", "cancel"))))
    .returning({ id: tournaments.id });
  if (!moved) return "nothing";
  const entrants = await participantsOf(tx, t.id);
  await refundFees(tx, {
    tournamentId: t.id,
    fee: entryFee(t.entryFeeMode),
    userIds: entrants.map((p) => p.userId),
  });
  // Nothing else should be there; if something is, the house takes it rather than the pool keeping it.
  await sweepPoolToHouse(tx, t.id);
  await publishTournamentChange(tx, t.id, "cancelled");
  return "cancelled";
}

/**
 * Registration ends (deadline or Start): with fewer ready players than the minimum the tournament is cancelled
 * and everyone refunded; otherwise the runner's start step (the ready players enter, round 1 goes live).
 */
export async function startTournament(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (dueStep("tournament", t.status) !== "start") return "nothing";
  const ready = (await participantsOf(tx, t.id)).filter((p) => p.isReady);
  if (ready.length < Math.max(t.minPlayers, TOURNAMENT_MIN_PLAYERS)) {
    return cancel(tx, t, now, { endSeries: false });
  }
  await tournamentRunner.advance(tx, t, now);
  return (await reread(tx, t.id)).status === t.status ? "nothing" : "started";
}

/** End Now: registration closes if open, then every remaining round is fought at once and the podium paid. */
export async function finishNow(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  // One transaction refunds the unready and pays the podium: every wallet it may touch is locked first, in id
  // order (the lock order), rather than the refunds' and then the prizes' in two runs.
  await lockProfiles(
    tx,
    (await participantsOf(tx, t.id)).map((p) => p.userId),
  );
  let current = t;
  if (dueStep("tournament", current.status) === "start") {
    const outcome = await startTournament(tx, current, now);
    if (outcome !== "started") return outcome;
    current = await reread(tx, t.id);
  }
  // Every round there is, and one more: the bound only stops a bug from looping for ever.
  for (
    let guard = 0;
    dueStep("tournament", current.status) === "playRound" && guard <= current.plannedRounds + 1;
    guard++
  ) {
    await tournamentRunner.advance(tx, current, now);
    const next = await reread(tx, t.id);
    if (next.status === stepTo("tournament", "complete")) return "completed";
    if (next.currentRound === current.currentRound) return "nothing";
    current = next;
  }
  return "nothing";
}

async function reread(tx: Tx, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row!;
}

/** The reconciler's step for a due tournament: whatever its status says comes next. */
export async function advanceDue(tx: Tx, t: TournamentRow, now: Date): Promise<void> {
  if (dueStep("tournament", t.status) === "start") {
    await startTournament(tx, t, now);
    return;
  }
  if (await tournamentRunner.advance(tx, t, now)) return;
  // Finished rows should have no deadline; clear a stray one so it is not claimed again.
  await tx.update(tournaments).set({ nextDueAt: null }).where(eq(tournaments.id, t.id));
}
