// The round runner: every event's rounds (tournaments of each format and guild wars), played by the events'
// steps (packages/game formats/event-steps.ts). The runner owns what every event does the same way: which step
// a due row asks for, each step's claim (a conditional update from the statuses the rulebook's machine gives
// it, at the round it expects, checked before anything is written), the one deadline rule (round k ends at the
// event's start + k rounds' length, never counted from when a step ran) and the order of a round's parts. The
// event plugs in what is its own: how its row is claimed, how it enters (a war stores its whole schedule), its
// match (paired and played when a round starts, decided when it ends; a tournament pairs each round from the
// results so far), when its last round has come (a fixed count, or a format's verdict) and its payout.
//
//   start      -> claim round 1, enter the entrants, play round 1
//   playRound  -> claim round k+1, decide round k, play round k+1      (the last round's playRound completes)
//   complete   -> claim, decide the last round, pay out
//
// A round of byes only has nothing to watch: it is stored decided and the runner claims and plays the next one in
// the same step, so a round window never passes empty.
import {
  dueStep,
  type EventKind,
  type EventStatuses,
  type RoundLength,
  roundEndsAt,
  stepFrom,
  stepTo,
} from "@bot-arena/game";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/database";

/** What the runner reads of an event's row. */
export interface RoundEventRow<Status extends string> {
  readonly id: string;
  readonly status: Status;
  readonly currentRound: number;
}

/**
 * One step's conditional update: the row moves only from `from` statuses (and only from round `atRound` when
 * given) to `to`, with the round and deadline the runner worked out. `startedAt` on the start step (every
 * deadline counts from it), `completedAt` on the complete step.
 */
export interface StepClaim<Status extends string> {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly atRound?: number;
  readonly currentRound: number;
  readonly nextDueAt: Date | null;
  readonly startedAt?: Date;
  readonly completedAt?: Date;
}

/** What a round's play left: matches live, or only byes (already decided). */
export type RoundPlayed = "live" | "byes only";

export interface RoundEvent<K extends EventKind, Row extends RoundEventRow<EventStatuses[K]>> {
  readonly kind: K;
  /** Writes the claim into the event's row; false when another step moved the row first. */
  claim(tx: Tx, row: Row, claim: StepClaim<EventStatuses[K]>): Promise<boolean>;
  /** How many rounds the event plans to play, and how long they are. */
  rounds(tx: Tx, row: Row): Promise<number>;
  roundLength(row: Row, rounds: number): RoundLength;
  /**
   * Whether round `round`, about to be decided, is the last; without it, the planned `rounds`. An event whose
   * number of rounds is not known up front (a double elimination's bracket reset) asks its format.
   */
  isLastRound?(tx: Tx, row: Row, round: number, rounds: number): Promise<boolean>;
  /** When the start step ran, as the row keeps it. */
  startedAt(row: Row): Date;
  /** After the start's claim: the entrants enter and the whole schedule is stored. */
  enter(tx: Tx, row: Row, now: Date): Promise<void>;
  /**
   * The event's match: a round's matches played (stored and shown live) when it starts, decided when it ends.
   * `play` answers "byes only" when the round had nothing to fight (stored decided).
   */
  readonly match: {
    play(tx: Tx, row: Row, round: number, now: Date): Promise<RoundPlayed>;
    decide(tx: Tx, row: Row, round: number): Promise<void>;
  };
  /** A round (not the last) has been decided: what the event tells of it. */
  roundEnded(tx: Tx, row: Row, round: number, rounds: number, now: Date): Promise<void>;
  /** The step's work is written: the event's live hint. */
  stepDone(tx: Tx, row: Row, step: "start" | "playRound"): Promise<void>;
  /** The last round decided: placements, prizes and whatever the event does at its end. */
  payout(tx: Tx, row: Row, now: Date): Promise<void>;
}

/**
 * The WHERE of a step's conditional update on an event's table: this event, in a status the step starts from,
 * at the round it expects (when it names one). A claim that matches no row lost to another step.
 */
export function claimCondition(
  table: { id: AnyPgColumn; status: AnyPgColumn; currentRound: AnyPgColumn },
  id: string,
  claim: Pick<StepClaim<string>, "from" | "atRound">,
): SQL | undefined {
  return and(
    eq(table.id, id),
    inArray(table.status, [...claim.from]),
    claim.atRound === undefined ? undefined : eq(table.currentRound, claim.atRound),
  );
}

export function roundRunner<K extends EventKind, Row extends RoundEventRow<EventStatuses[K]>>(
  event: RoundEvent<K, Row>,
) {
  const { kind } = event;
  const deadline = (row: Row, start: Date, round: number, rounds: number): Date =>
    new Date(roundEndsAt(start.getTime(), round, event.roundLength(row, rounds)));
  const isLastRound = (tx: Tx, row: Row, round: number, rounds: number): Promise<boolean> =>
    event.isLastRound ? event.isLastRound(tx, row, round, rounds) : Promise.resolve(round >= rounds);

  /** The playRound claim: from round `round` to the next, its deadline counted from the event's start. */
  const claimNext = (tx: Tx, row: Row, round: number, start: Date, rounds: number): Promise<boolean> =>
    event.claim(tx, row, {
      from: stepFrom(kind, "playRound"),
      to: stepTo(kind, "playRound"),
      atRound: round,
      currentRound: round + 1,
      nextDueAt: deadline(row, start, round + 1, rounds),
    });

  /** Plays round `round` and, while a round is byes only, claims and plays the one after it. */
  async function play(
    tx: Tx,
    row: Row,
    round: number,
    start: Date,
    rounds: number,
    now: Date,
  ): Promise<void> {
    for (let next = round; (await event.match.play(tx, row, next, now)) === "byes only"; next++) {
      // The step holds the row and has just claimed it: a row moved under it is a bug, rolled back whole.
      if (!(await claimNext(tx, row, next, start, rounds))) {
        throw new Error(`${kind} ${row.id} moved under its step past round ${next}`);
      }
    }
  }

  async function start(tx: Tx, row: Row, now: Date): Promise<void> {
    const rounds = await event.rounds(tx, row);
    const moved = await event.claim(tx, row, {
      from: stepFrom(kind, "start"),
      to: stepTo(kind, "start"),
      currentRound: 1,
      nextDueAt: deadline(row, now, 1, rounds),
      startedAt: now,
    });
    if (!moved) return;
    await event.enter(tx, row, now);
    await play(tx, row, 1, now, rounds, now);
    await event.stepDone(tx, row, "start");
  }

  async function playRound(tx: Tx, row: Row, now: Date): Promise<void> {
    const round = row.currentRound;
    const rounds = await event.rounds(tx, row);
    if (await isLastRound(tx, row, round, rounds)) return complete(tx, row, now);
    const start = event.startedAt(row);
    if (!(await claimNext(tx, row, round, start, rounds))) return;
    await event.match.decide(tx, row, round);
    await event.roundEnded(tx, row, round, rounds, now);
    await play(tx, row, round + 1, start, rounds, now);
    await event.stepDone(tx, row, "playRound");
  }

  async function complete(tx: Tx, row: Row, now: Date): Promise<void> {
    const round = row.currentRound;
    const moved = await event.claim(tx, row, {
      from: stepFrom(kind, "complete"),
      to: stepTo(kind, "complete"),
      atRound: round,
      currentRound: round,
      nextDueAt: null,
      completedAt: now,
    });
    if (!moved) return;
    await event.match.decide(tx, row, round);
    await event.payout(tx, row, now);
  }

  /**
   * The step a due row of this status asks for, on the row the caller holds FOR UPDATE; false when none does
   * (a finished event), for the caller to clear its stray deadline.
   */
  async function advance(tx: Tx, row: Row, now: Date): Promise<boolean> {
    const step = dueStep(kind, row.status);
    if (step === "start") await start(tx, row, now);
    else if (step === "playRound") await playRound(tx, row, now);
    return step !== null;
  }

  return { advance };
}
