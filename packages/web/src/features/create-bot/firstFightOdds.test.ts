import { aiOpponentRoll, estimateWinChance } from "@bot-arena/game";
import { describe, expect, it, vi } from "vitest";
import { winChanceTone } from "../fight/winChance";
import { firstFightOdds, firstFightVerdict } from "./firstFightOdds";

/** How many AI opponents were rolled: one a battle, the work an estimate does. */
const rolled = vi.hoisted(() => ({ count: 0 }));
vi.mock("@bot-arena/game", async (original) => {
  const game = await original<typeof import("@bot-arena/game")>();
  return {
    ...game,
    aiOpponentRoll: (level: number) => {
      const roll = game.aiOpponentRoll(level);
      return (...args: Parameters<typeof roll>) => {
        rolled.count += 1;
        return roll(...args);
      };
    },
  };
});

const build = (strength: number, agility: number, defense: number, intelligence: number) => ({
  strength,
  agility,
  defense,
  intelligence,
});

describe("firstFightOdds", () => {
  it("is the rulebook's estimate against the AI the arena rolls for a level-1 bot", () => {
    const stats = build(15, 5, 15, 5);
    expect(firstFightOdds(stats)).toEqual(
      estimateWinChance({ name: "Any", stats, weapon: null }, aiOpponentRoll(1), "create-bot first fights"),
    );
  });

  it("moves with the points: the even spread loses nearly always, strength and defense win most", () => {
    expect(firstFightOdds(build(10, 10, 10, 10)).percent).toBe(1);
    expect(firstFightOdds(build(14, 6, 15, 5)).percent).toBe(69);
    expect(firstFightOdds(build(15, 5, 15, 5)).percent).toBe(77);
  });

  it("does little enough work to follow every click: one estimate of 2,000 battles a click", () => {
    // Counted, not timed: 2,000 battles (each at most the engine's round cap) take a few milliseconds.
    rolled.count = 0;
    firstFightOdds(build(13, 7, 15, 5));
    expect(rolled.count).toBe(2_000);
  });

  it("words the odds for a build", () => {
    expect(firstFightVerdict(winChanceTone(1))).toBe("Most level-1 AIs would beat this build.");
    expect(firstFightVerdict(winChanceTone(50))).toBe("A coin toss against level-1 AIs.");
    expect(firstFightVerdict(winChanceTone(78))).toBe("This build beats most level-1 AIs.");
  });
});
