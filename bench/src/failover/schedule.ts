// Which fault, and when, from a seed: the same seed replays the same schedule (the game's seeded PRNG).
import { createRng } from "@bot-arena/game";

export type FaultKind =
  /** kill -9 of the primary's keeper and PostgreSQL: the monitor must promote a synchronous standby. */
  | "kill-primary"
  /** The primary and one synchronous standby killed together: the monitor must refuse to promote the last. */
  | "primary-and-standby";

export type PlannedFault = {
  kind: FaultKind;
  /** Milliseconds after the cluster is back in sync (and the workload acknowledges writes) before the fault. */
  delayMs: number;
  /** Which of the two standbys dies with the primary (double fault), by its order in the monitor's list. */
  standby: 0 | 1;
};

/**
 * `count` faults spread over `seconds` of workload: each waits a seeded part of its share of the run. One in
 * three is the double fault, and a schedule of two or more always holds at least one of each kind.
 */
export function planFaults(seed: number, count: number, seconds: number): PlannedFault[] {
  const rng = createRng(`failover:${seed}`);
  const shareMs = (seconds * 1000) / Math.max(count, 1);
  const faults: PlannedFault[] = Array.from({ length: count }, () => ({
    kind: rng.next() < 1 / 3 ? "primary-and-standby" : "kill-primary",
    delayMs: Math.round(shareMs * (0.2 + 0.3 * rng.next())),
    standby: rng.next() < 0.5 ? 0 : 1,
  }));
  if (count >= 2 && faults.every((f) => f.kind === faults[0]!.kind)) {
    const at = rng.int(0, count - 1);
    faults[at] = {
      ...faults[at]!,
      kind: faults[0]!.kind === "kill-primary" ? "primary-and-standby" : "kill-primary",
    };
  }
  return faults;
}
