// The battle-seed test hook: on, a request's x-test-battle-seed fixes the opponent it rolls and the battle it
// fights, so journeys never need luck; off (production), the header changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { type Pilot, pilot } from "../features/arena/testing";
import { TEST_SEED_HEADER } from "./test-seeds";

const seeded = (player: Pilot, url: string, seed: string) =>
  player.request({ method: "POST", url, headers: { [TEST_SEED_HEADER]: seed } });

async function battleWithSeed(player: Pilot, seed: string) {
  const opponent = (await seeded(player, "/api/arena/ai/opponent", seed)).json();
  const battle = (await seeded(player, "/api/arena/ai/battle", seed)).json();
  return { opponent: opponent.opponent, won: battle.won, log: battle.battle.log, seed: battle.battle.seed };
}

describe("with TEST_BATTLE_SEEDS on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { testBattleSeeds: true } });
  });
  afterAll(() => t.close());

  it("the same header rolls the same opponent and fights the same battle", async () => {
    const one = await pilot(t);
    const two = await pilot(t);
    const first = await battleWithSeed(one, "424242");
    const second = await battleWithSeed(two, "424242");
    expect(first.seed).toBe(424242);
    expect(second).toEqual(first);
  });

  it("a header that is not a whole number is ignored", async () => {
    const battle = await battleWithSeed(await pilot(t), "-5");
    expect(battle.seed).not.toBe(-5);
  });
});

describe("with TEST_BATTLE_SEEDS off (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the header changes nothing: the battle draws its own seed", async () => {
    expect(t.config.testBattleSeeds).toBe(false);
    const battle = await battleWithSeed(await pilot(t), "424242");
    expect(battle.seed).not.toBe(424242);
  });
});
