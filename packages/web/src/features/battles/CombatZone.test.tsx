// The COMBAT ZONE counts turns (a tournament's rounds are the bracket's), names the match's place in its event,
// tells on its end screen what the result meant, and throws confetti only when the viewer's side won.
import type { BattleContext, BattleView } from "@bot-arena/contract";
import { createRng, describeAction, runBattle, toFighter } from "@bot-arena/game";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../app/test-render";

const confetti = vi.hoisted(() => vi.fn());
vi.mock("canvas-confetti", () => ({ default: confetti }));
const { CombatZone } = await import("./CombatZone");
const { confettiBursts } = await import("./celebrate");

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

/** A real tournament battle from the rulebook's engine, shaped as the API answers it. */
function aBattle(): BattleView {
  const stats = { strength: 14, agility: 12, defense: 12, intelligence: 12 };
  const result = runBattle(
    toFighter({ name: "Alpha", ...stats }, null),
    toFighter({ name: "Omega", ...stats }, null),
    createRng(7),
  );
  return {
    id: "battle-1",
    kind: "tournament",
    createdAt: new Date(0).toISOString(),
    seed: 7,
    attacker: fighter("Alpha", result.attackerMaxHp),
    defender: fighter("Omega", result.defenderMaxHp),
    winner: result.winner,
    endedBy: result.endedBy,
    rounds: result.rounds,
    events: result.log.map((entry) => ({ ...entry, message: entry.message ?? describeAction(entry) })),
    outcome: "The end",
  };
}

const battle = aBattle();
const loserSide = battle.winner === "attacker" ? "defender" : "attacker";
const context: BattleContext = {
  title: "SEMI-FINALS",
  viewerSide: null,
  meaning: "Advances to the final",
  live: false,
  eventChannel: "tournament:00000000-0000-4000-8000-000000000001",
};

async function playToTheEnd(
  viewer: BattleView["winner"] | null,
  withContext: BattleContext | null = context,
) {
  const { user } = renderPage(
    <CombatZone battle={battle} viewer={viewer} context={withContext} onClose={() => {}} />,
    { path: "/" },
  );
  expect((await screen.findByTestId("combat-turn")).textContent).toMatch(
    withContext ? /^SEMI-FINALS · Turn \d+$/ : /^Tournament · Turn \d+$/,
  );
  await user.click(screen.getByRole("button", { name: "Skip" }));
  await screen.findByTestId("battle-verdict");
}

beforeEach(() => {
  confetti.mockClear();
});
/** Every burst of a win thrown, the delayed one too (waited for, however late its timer fires). */
const allBurstsThrown = () =>
  vi.waitFor(() => expect(confetti).toHaveBeenCalledTimes(confettiBursts("win").length), { timeout: 10_000 });

// A win's last burst comes after the others: a test that threw any waits for them all, so none lands in the next.
afterEach(async () => {
  if (confetti.mock.calls.length > 0) await allBurstsThrown();
});

describe("the COMBAT ZONE", () => {
  it("counts turns, and lands on the last one", async () => {
    await playToTheEnd(null);
    expect(screen.getByTestId("combat-turn").textContent).toBe(`SEMI-FINALS · Turn ${battle.rounds}`);
    expect(screen.queryByText(/Round \d/)).toBeNull();
  });

  it("tells on the end screen what the match meant in its event", async () => {
    await playToTheEnd(battle.winner);
    expect(screen.getByTestId("battle-verdict").textContent).toBe("Victory!");
    expect(screen.getByTestId("battle-meaning").textContent).toBe("Advances to the final");
  });

  it("throws confetti when the viewer's side won", async () => {
    await playToTheEnd(battle.winner);
    // Every burst, the delayed one too: three.
    expect(confettiBursts("win")).toHaveLength(3);
    await allBurstsThrown();
  });

  it("no confetti when the viewer's side lost, or for a spectator", async () => {
    await playToTheEnd(loserSide, { ...context, meaning: "Your guild: 1 of 3 duels won" });
    expect(screen.getByTestId("battle-verdict").textContent).toBe("Defeat!");
    expect(screen.getByTestId("battle-meaning").textContent).toBe("Your guild: 1 of 3 duels won");
    expect(confetti).not.toHaveBeenCalled();
  });

  it("a battle outside any event has no meaning line", async () => {
    await playToTheEnd(null, null);
    expect(screen.queryByTestId("battle-meaning")).toBeNull();
    expect(confetti).not.toHaveBeenCalled();
  });
});
