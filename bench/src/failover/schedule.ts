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
 * `count` faults spread over `seconds` of workload, each waiting a seeded part of its share of the run. Two in
 * five are the double fault (at least one in a schedule of two or more), in a seeded order.
 */
export function planFaults(seed: number, count: number, seconds: number): PlannedFault[] {
  const rng = createRng(`failover:${seed}`);
  const shareMs = (seconds * 1000) / Math.max(count, 1);
  const doubles = count >= 2 ? Math.max(1, Math.round((count * 2) / 5)) : 0;
  const kinds: FaultKind[] = Array.from({ length: count }, (_, i) =>
    i < doubles ? "primary-and-standby" : "kill-primary",
  );
  // Fisher-Yates with the seeded PRNG: the same seed, the same order.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds.map((kind) => ({
    kind,
    delayMs: Math.round(shareMs * (0.2 + 0.3 * rng.next())),
    standby: rng.next() < 0.5 ? 0 : 1,
  }));
}
