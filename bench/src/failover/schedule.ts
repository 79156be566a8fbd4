// Which fault, and when, from a seed: the same seed replays the same schedule (the game's seeded PRNG).
import { createRng } from "@bot-arena/game";

export type FaultKind =
  /** kill -9 of the primary's keeper and PostgreSQL: the monitor must promote a synchronous standby. */
  | "kill-primary"
  /** The primary and one synchronous standby killed together: the monitor must refuse to promote the last. */
  | "primary-and-standby"
  /** The primary's link down (`--netns`): a standby is promoted, the cut-off primary demotes itself. */
  | "link-primary"
  /** One synchronous standby's link down (`--netns`): the other standby keeps acknowledging COMMITs, or not. */
  | "link-standby"
  /** One server cut from every database node (`--netns`): it answers 503 and is not ready until the link is back. */
  | "cut-server-db";

/** The kinds that need the rig's namespaces, and the single faults a `--netns` schedule cycles through. */
export const LINK_FAULTS: FaultKind[] = ["link-primary", "link-standby", "cut-server-db"];

export type PlannedFault = {
  kind: FaultKind;
  /** Milliseconds after the cluster is back in sync (and the workload acknowledges writes) before the fault. */
  delayMs: number;
  /**
   * Which of two: the standby that dies with the primary (double fault) or whose link goes down, by its order in
   * the monitor's list, or the server cut from the database.
   */
  which: 0 | 1;
};

/**
 * `count` faults spread over `seconds` of workload, each waiting a seeded part of its share of the run. Two in
 * five are the double fault (at least one in a schedule of two or more), in a seeded order. With `netns` one in
 * five is (so five faults hold every kind once), and the single faults cycle through the link faults before
 * kill -9: the default's schedules stay what they were.
 */
export function planFaults(seed: number, count: number, seconds: number, netns = false): PlannedFault[] {
  const rng = createRng(`failover:${seed}`);
  const shareMs = (seconds * 1000) / Math.max(count, 1);
  const doubles = count >= 2 ? Math.max(1, Math.round((count * (netns ? 1 : 2)) / 5)) : 0;
  const singles: FaultKind[] = netns ? [...LINK_FAULTS, "kill-primary"] : ["kill-primary"];
  const kinds: FaultKind[] = Array.from({ length: count }, (_, i) =>
    i < doubles ? "primary-and-standby" : singles[(i - doubles) % singles.length]!,
  );
  // Fisher-Yates with the seeded PRNG: the same seed, the same order.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds.map((kind) => ({
    kind,
    delayMs: Math.round(shareMs * (0.2 + 0.3 * rng.next())),
    which: rng.next() < 0.5 ? 0 : 1,
  }));
}
