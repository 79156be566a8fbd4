// The round runner on a recorded event: which step each status asks for, each step's claim (the statuses and
// round it runs from, the round and deadline it writes), the order of the event's parts, and that a claim that
// finds its row moved writes nothing more. The war plays on it for real in features/guild-wars.
import type { WarStatus } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import type { Tx } from "../../platform/db/database";
import { type RoundEvent, roundRunner, type StepClaim } from "./round-runner";

type Row = { id: string; status: WarStatus; currentRound: number; startedAt: Date | null };

const START = new Date("2026-12-06T12:00:00.000Z");
const at = (ms: number) => new Date(START.getTime() + ms);
const tx = {} as Tx;

/** A three-round event of 300 s whose parts write down what they were asked, in order. */
function recordedEvent(options: { claims?: boolean } = {}) {
  const calls: string[] = [];
  const claims: StepClaim<WarStatus>[] = [];
  const event: RoundEvent<"guild_war", Row> = {
    kind: "guild_war",
    claim: async (_tx, _row, claim) => {
      claims.push(claim);
      return options.claims ?? true;
    },
    rounds: async () => 3,
    roundLength: (rounds) => ({ windowMs: 300_000, rounds }),
    startedAt: (row) => row.startedAt!,
    enter: async () => void calls.push("enter"),
    match: {
      play: async (_tx, _row, round) => void calls.push(`play ${round}`),
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
});
