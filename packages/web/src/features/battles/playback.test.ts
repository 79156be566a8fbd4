import type { BattleEvent, BattleView } from "@bot-arena/contract";
import { createRng, describeAction, runBattle, toFighter } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import { applyEvent, eventHandlers, finalArena, initialArena, stepDuration, verdictFor } from "./playback";

const fighter = (name: string, maxHp: number) => ({
  botId: null,
  isAi: false,
  name,
  ownerName: "pilot",
  level: 1,
  model: "Nova S-4",
  botClass: "hero",
  rarity: "common",
  colorPrimary: "#00d4ff",
  colorSecondary: "#0057ff",
  imageUrl: null,
  stats: { strength: 10, agility: 10, defense: 10, intelligence: 10 },
  weaponName: null,
  maxHp,
});

/** A real battle from the rulebook's engine, shaped as the API answers it. */
function battleFrom(seed: number): BattleView {
  const heal = {
    name: "Nanite Injector",
    strengthBonus: 0,
    agilityBonus: 0,
    defenseBonus: 0,
    intelligenceBonus: 0,
    ultimateAbilityName: "Field Patch",
    ultimateAbilityType: "heal" as const,
    ultimateAbilityPower: 0.2,
    ultimateTriggerChance: 0.4,
  };
  const blade = {
    ...heal,
    name: "Ion Lance",
    ultimateAbilityName: "Ion Pierce",
    ultimateAbilityType: "special" as const,
    ultimateAbilityPower: 1.5,
  };
  const stats = { strength: 14, agility: 12, defense: 12, intelligence: 12 };
  const result = runBattle(
    toFighter({ name: "Alpha", ...stats }, blade),
    toFighter({ name: "Omega", ...stats }, heal),
    createRng(seed),
  );
  return {
    id: "b",
    kind: "pvp",
    createdAt: new Date(0).toISOString(),
    seed,
    attacker: fighter("Alpha", result.attackerMaxHp),
    defender: fighter("Omega", result.defenderMaxHp),
    winner: result.winner,
    endedBy: result.endedBy,
    rounds: result.rounds,
    events: result.log.map((entry) => ({ ...entry, message: entry.message ?? describeAction(entry) })),
    outcome: "",
  };
}

describe("battle playback", () => {
  it("has a handler for every effect type", () => {
    expect(Object.keys(eventHandlers).sort()).toEqual([
      "fire",
      "heal",
      "ice",
      "lightning",
      "physical",
      "ultimate",
    ]);
  });

  it("applies each event's HP, round, line and cue, ending where the battle ended", () => {
    for (const seed of [1, 2, 3, 42, 1234]) {
      const battle = battleFrom(seed);
      let state = initialArena(battle);
      expect(state.hp).toEqual({ attacker: battle.attacker.maxHp, defender: battle.defender.maxHp });
      for (const event of battle.events) {
        state = applyEvent(state, event);
        expect(state.hp).toEqual({ attacker: event.attackerHp, defender: event.defenderHp });
        expect(state.round).toBe(event.round);
        expect(state.lines.at(-1)?.text).toBe(event.message);
        expect(state.cue).toMatchObject({ actor: event.side, effectType: event.effectType });
      }
      expect(state.lines).toHaveLength(battle.events.length);
      const last = battle.events.at(-1)!;
      expect(finalArena(battle)).toEqual({ ...state, floaters: [], cue: null });
      expect(finalArena(battle).hp).toEqual({ attacker: last.attackerHp, defender: last.defenderHp });
    }
  });

  it("floats damage over the target and repairs over the actor", () => {
    const battle = battleFrom(7);
    const hit = battle.events.find((e) => e.effectType !== "heal")!;
    const struck = applyEvent(initialArena(battle), hit);
    expect(struck.floaters).toEqual([
      {
        id: 1,
        side: hit.side === "attacker" ? "defender" : "attacker",
        amount: hit.damage,
        effectType: hit.effectType,
      },
    ]);
    const repair: BattleEvent = {
      ...hit,
      effectType: "heal",
      damage: 0,
      heal: 23,
      ultimateName: "Field Patch",
    };
    const healed = applyEvent(struck, repair);
    expect(healed.floaters.at(-1)).toEqual({ id: 2, side: repair.side, amount: 23, effectType: "heal" });
    expect(healed.cue).toMatchObject({ ultimateName: "Field Patch", heal: 23 });
  });

  it("keeps only the last few floating numbers", () => {
    const battle = battleFrom(3);
    const state = battle.events.slice(0, 8).reduce(applyEvent, initialArena(battle));
    expect(state.floaters.length).toBeLessThanOrEqual(4);
    expect(state.floaters.at(-1)?.id).toBe(Math.min(8, battle.events.length));
  });

  it("plays long battles faster and lingers on ultimates", () => {
    const event = battleFrom(1).events[0]!;
    const ordinary = { ...event, effectType: "physical" as const };
    expect(stepDuration(ordinary, 10)).toBeGreaterThan(stepDuration(ordinary, 100));
    expect(stepDuration({ ...event, effectType: "ultimate" }, 10)).toBeGreaterThan(
      stepDuration(ordinary, 10),
    );
    expect(stepDuration(ordinary, 10, 2)).toBe(Math.round(stepDuration(ordinary, 10) / 2));
  });

  it("words the verdict for the viewer's side, or names the winner for a spectator", () => {
    const battle = { ...battleFrom(5), winner: "defender" as const };
    expect(verdictFor(battle, "defender")).toEqual({ title: "Victory!", tone: "win" });
    expect(verdictFor(battle, "attacker")).toEqual({ title: "Defeat!", tone: "loss" });
    expect(verdictFor(battle, null)).toEqual({ title: "Omega wins", tone: "neutral" });
  });
});
