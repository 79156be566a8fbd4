import type { BattleSummary } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { lastArenaBattle } from "./lastBattle";

const battle = (id: string, kind: BattleSummary["kind"], side: BattleSummary["side"]) =>
  ({ id, kind, side }) as BattleSummary;

describe("lastArenaBattle", () => {
  it("takes the newest battle the bot started in the arena, AI or PvP", () => {
    const list = [
      battle("defended", "pvp", "defender"),
      battle("cup", "tournament", "attacker"),
      battle("war", "guild_war", "attacker"),
      battle("mine", "ai", "attacker"),
      battle("older", "pvp", "attacker"),
    ];
    expect(lastArenaBattle(list)?.id).toBe("mine");
  });

  it("is null before the first arena battle", () => {
    expect(lastArenaBattle([])).toBeNull();
    expect(lastArenaBattle([battle("defended", "pvp", "defender")])).toBeNull();
  });
});
