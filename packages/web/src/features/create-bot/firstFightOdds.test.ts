import { aiOpponentRoll, estimateWinChance } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import { winChanceTone } from "../fight/winChance";
import { firstFightOdds, firstFightVerdict } from "./firstFightOdds";

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

  it("answers fast enough to follow every click", () => {
    firstFightOdds(build(13, 7, 15, 5));
    const started = performance.now();
    for (let i = 0; i < 10; i++) firstFightOdds(build(13, 7, 15, 5));
    // 2,000 battles take a few milliseconds; a generous bound so a busy machine does not fail it.
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });

  it("words the odds for a build", () => {
    expect(firstFightVerdict(winChanceTone(1))).toBe("Most level-1 AIs would beat this build.");
    expect(firstFightVerdict(winChanceTone(50))).toBe("A coin toss against level-1 AIs.");
    expect(firstFightVerdict(winChanceTone(78))).toBe("This build beats most level-1 AIs.");
  });
});
