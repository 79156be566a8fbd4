// The round runner on a recorded event: which step each status asks for, each step's claim (the statuses and
// round it runs from, the round and deadline it writes), the order of the event's parts, and that a claim that
// finds its row moved writes nothing more, a round of byes only claimed past, and an event that says when its
// last round has come. Wars and tournaments play on it for real in features/guild-wars and features/tournament.
import type { WarStatus } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import type { Tx } from "../../platform/db/database";
import { type RoundEvent, roundRunner, type StepClaim } from "./round-runner";

type Row = { id: string; status: WarStatus; currentRound: number; startedAt: Date | null };

const START = new Date("2026-12-06T12:00:00.000Z");
const at = (ms: number) => new Date(START.getTime() + ms);
const tx = {} as Tx;

/** A three-round event of 300 s whose parts write down what they were asked, in order. */
function recordedEvent(
  options: { claims?: boolean; byesOnly?: readonly number[]; lastRound?: (round: number) => boolean } = {},
) {
  const calls: string[] = [];
  const claims: StepClaim<WarStatus>[] = [];
  const event: RoundEvent<"guild_war", Row> = {
    kind: "guild_war",
    claim: async (_tx, _row, claim) => {
      claims.push(claim);
      return options.claims ?? true;
    },
    rounds: async () => 3,
    ...(options.lastRound && { isLastRound: async (_tx, _row, round) => options.lastRound!(round) }),
    roundLength: (_row, rounds) => ({ windowMs: 300_000, rounds }),
    startedAt: (row) => row.startedAt!,
    enter: async () => void calls.push("enter"),
    match: {
      play: async (_tx, _row, round) => {
        calls.push(`play ${round}`);
        return options.byesOnly?.includes(round) ? "byes only" : "live";
      },
      decide: async (_tx, _row, round) => void calls.push(`decide ${round}`),
    },
    roundEnded: async (_tx, _row, round, rounds) => void calls.push(`ended ${round} of ${rounds}`),
    stepDone: async (_tx, _row, step) => void calls.push(`done ${step}`),
    payout: async () => void calls.push("payout"),
  };
  return { runner: roundRunner(event), calls, claims };
}

const row = (status: WarStatus, currentRound: number): Row => ({
  id: "e1",
  status,
  currentRound,
  startedAt: status === "registration" ? null : START,
});

describe("the round runner", () => {
  it("starts: claims round 1 from registration with its deadline, then enters, plays round 1 and tells it", async () => {
    const { runner, calls, claims } = recordedEvent();
    expect(await runner.advance(tx, row("registration", 0), START)).toBe(true);
    expect(claims).toEqual([
      { from: ["registration"], to: "battle", currentRound: 1, nextDueAt: at(100_000), startedAt: START },
    ]);
    expect(calls).toEqual(["enter", "play 1", "done start"]);
  });

  it("plays a round 30 s late: the next deadline still counts from the start, then decides, tells and plays", async () => {
    const { runner, calls, claims } = recordedEvent();
    await runner.advance(tx, row("battle", 1), at(130_000));
    expect(claims).toEqual([
      { from: ["battle"], to: "battle", atRound: 1, currentRound: 2, nextDueAt: at(200_000) },
    ]);
    expect(calls).toEqual(["decide 1", "ended 1 of 3", "play 2", "done playRound"]);
  });

  it("completes after the last round: no deadline, the last round decided, then the payout", async () => {
    const { runner, calls, claims } = recordedEvent();
    await runner.advance(tx, row("battle", 3), at(300_000));
    expect(claims).toEqual([
      {
        from: ["battle"],
        to: "completed",
        atRound: 3,
        currentRound: 3,
        nextDueAt: null,
        completedAt: at(300_000),
      },
    ]);
    expect(calls).toEqual(["decide 3", "payout"]);
  });

  it("does nothing past a claim that finds its row moved by another step", async () => {
    for (const [status, round] of [
      ["registration", 0],
      ["battle", 1],
      ["battle", 3],
    ] as const) {
      const { runner, calls, claims } = recordedEvent({ claims: false });
      await runner.advance(tx, row(status, round), at(300_000));
      expect(claims).toHaveLength(1);
      expect(calls).toEqual([]);
    }
  });

  it("has no step for a finished event", async () => {
    const { runner, calls, claims } = recordedEvent();
    expect(await runner.advance(tx, row("completed", 3), at(400_000))).toBe(false);
    expect([calls, claims]).toEqual([[], []]);
  });

  it("skips a round of byes only: claims the next round from the same start and plays it in the same step", async () => {
    const { runner, calls, claims } = recordedEvent({ byesOnly: [1, 2] });
    await runner.advance(tx, row("registration", 0), at(30_000));
    expect(claims.slice(1)).toEqual([
      { from: ["battle"], to: "battle", atRound: 1, currentRound: 2, nextDueAt: at(230_000) },
      { from: ["battle"], to: "battle", atRound: 2, currentRound: 3, nextDueAt: at(330_000) },
    ]);
    expect(calls).toEqual(["enter", "play 1", "play 2", "play 3", "done start"]);
  });

  it("asks the event whether a round is its last when it says so: past the plan, or before it", async () => {
    const beyond = recordedEvent({ lastRound: (round) => round === 4 });
    await beyond.runner.advance(tx, row("battle", 3), at(300_000));
    expect(beyond.claims.map((c) => [c.to, c.currentRound, c.nextDueAt])).toEqual([
      ["battle", 4, at(400_000)],
    ]);
    expect(beyond.calls).toEqual(["decide 3", "ended 3 of 3", "play 4", "done playRound"]);

    const early = recordedEvent({ lastRound: (round) => round === 2 });
    await early.runner.advance(tx, row("battle", 2), at(200_000));
    expect(early.claims.map((c) => [c.to, c.currentRound])).toEqual([["completed", 2]]);
    expect(early.calls).toEqual(["decide 2", "payout"]);
  });
});
