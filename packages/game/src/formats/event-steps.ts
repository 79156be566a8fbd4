// The steps every event goes through, tournaments and guild wars alike, each kind's status machine over them,
// and the one rule for when a round ends. The server's one round runner (features/events/round-runner.ts, which
// plays every tournament's and guild war's rounds) carries these names, as does a tournament's cancel
// (features/tournament/lifecycle.ts), and guards each conditional update with the statuses a step may run from,
// so a step run twice, late or by a second process finds its row moved and does nothing.
//
//   openRegistration --> start --> playRound ... playRound --> complete
//                \____________\__________________________/--> cancel (tournaments only)
import type { AdminTournamentStatus } from "../tournament";

export type EventStep = "openRegistration" | "start" | "playRound" | "complete" | "cancel";

export const EVENT_STEPS: readonly EventStep[] = [
  "openRegistration",
  "start",
  "playRound",
  "complete",
  "cancel",
];

export type EventKind = "tournament" | "guild_war";

export type WarStatus = "registration" | "battle" | "completed";

export interface EventStatuses {
  readonly tournament: AdminTournamentStatus;
  readonly guild_war: WarStatus;
}

/** A step's edge: the statuses it may run from (none: it creates the row) and the status it leaves. */
export interface StepEdge<Status extends string> {
  readonly from: readonly Status[];
  readonly to: Status;
}

export type StatusMachine<Status extends string> = { readonly [S in EventStep]?: StepEdge<Status> };

/**
 * Tournaments: open in `pending` (a series' copy too; `registration` is an older row's name for it), start with
 * the ready players, play round after round, complete and pay, or are cancelled and refunded from any unfinished
 * status. Archiving is the admin's, outside the event's steps. Wars: mustered into `registration`, never
 * cancelled (eight ready guilds always fight).
 */
export const EVENT_MACHINES: { readonly [K in EventKind]: StatusMachine<EventStatuses[K]> } = {
  tournament: {
    openRegistration: { from: [], to: "pending" },
    start: { from: ["registration", "pending"], to: "active" },
    playRound: { from: ["active"], to: "active" },
    complete: { from: ["active"], to: "completed" },
    cancel: { from: ["registration", "pending", "active"], to: "cancelled" },
  },
  guild_war: {
    openRegistration: { from: [], to: "registration" },
    start: { from: ["registration"], to: "battle" },
    playRound: { from: ["battle"], to: "battle" },
    complete: { from: ["battle"], to: "completed" },
  },
};

function edgeOf<K extends EventKind>(kind: K, step: EventStep): StepEdge<EventStatuses[K]> {
  const edge = (EVENT_MACHINES[kind] as StatusMachine<EventStatuses[K]>)[step];
  if (edge === undefined) throw new RangeError(`A ${kind} has no ${step} step`);
  return edge;
}

/** The statuses `step` may run from: the guard of its conditional update. */
export const stepFrom = <K extends EventKind>(kind: K, step: EventStep): readonly EventStatuses[K][] =>
  edgeOf(kind, step).from;

/** The status `step` leaves the event in. */
export const stepTo = <K extends EventKind>(kind: K, step: EventStep): EventStatuses[K] =>
  edgeOf(kind, step).to;

/**
 * The step a due row of this status asks for: start while registering, playRound while rounds run (the last
 * round's playRound completes the event); null for a finished event, which is never due.
 */
export function dueStep<K extends EventKind>(
  kind: K,
  status: EventStatuses[K],
): "start" | "playRound" | null {
  if (stepFrom(kind, "start").includes(status)) return "start";
  if (stepFrom(kind, "playRound").includes(status)) return "playRound";
  return null;
}

/** A round's length: `windowMs` shared by `rounds` rounds (a war splits its battle window), or one per round. */
export interface RoundLength {
  readonly windowMs: number;
  readonly rounds?: number;
}

/**
 * The one deadline rule: round k ends at start + k × the round's length, counted from the event's start (when
 * its start step ran) and never from when a round's step ran, so a late step shortens only its own round and
 * moves no later one. A step later than a whole round finds the next round already due and plays it at once.
 */
export function roundEndsAt(startMs: number, round: number, length: RoundLength): number {
  return startMs + Math.ceil((length.windowMs * round) / (length.rounds ?? 1));
}
