import {
  AI_BASE_STAT,
  AI_BATTLE_ENERGY,
  AI_STAT_PER_LEVEL,
  AI_STAT_SPREAD,
  battleXp,
  DURABILITY_LOSS_LOSS,
  DURABILITY_LOSS_WIN,
  messages,
  POINTS_PER_LEVEL,
  STAT_NAMES,
} from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, hearBus, signUp, type TestApp, testClock } from "../../../test/helpers";
import { aiOpponents, battles } from "../../platform/db/schema";
import type { LiveEnvelope } from "../../platform/live/publish";
import { listOnMarket, summonFor } from "../bots/testing";
import {
  aiBattle,
  arenaState,
  battlesStartedBy,
  botRow,
  CHAMPION,
  findOpponent,
  outcomeOf,
  pilot,
  SCRAP_HEAP,
  setBot,
} from "./testing";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("finding an AI opponent", () => {
  it("rolls a level within one of the bot's (at least 1) with stats of 8 + 2 x level + 0..4", async () => {
    const p = await pilot(t);
    await setBot(t.db, p.bot.id, { level: 7, xp: 600 });
    const levels = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const opponent = await findOpponent(p);
      levels.add(opponent.level);
      expect(opponent.level).toBeGreaterThanOrEqual(6);
      expect(opponent.level).toBeLessThanOrEqual(8);
      for (const stat of STAT_NAMES) {
        const base = AI_BASE_STAT + AI_STAT_PER_LEVEL * opponent.level;
        expect(opponent.stats[stat]).toBeGreaterThanOrEqual(base);
        expect(opponent.stats[stat]).toBeLessThanOrEqual(base + AI_STAT_SPREAD);
      }
      expect(opponent.maxHp).toBe(100 + 2 * opponent.stats.defense);
      expect(opponent.imageUrl).toMatch(/^\/media\/bots\/.+\.svg$/);
    }
    expect(levels.size).toBeGreaterThan(1);

    await setBot(t.db, p.bot.id, { level: 1, xp: 0 });
    for (let i = 0; i < 15; i++) expect([1, 2]).toContain((await findOpponent(p)).level);
  });

  it("keeps one opponent per player on the server, replaced by the next roll", async () => {
    const p = await pilot(t);
    expect((await p.get("/api/arena/ai/opponent")).json()).toEqual({ opponent: null });
    const first = await findOpponent(p);
    expect((await p.get("/api/arena/ai/opponent")).json()).toEqual({ opponent: first });
    const second = await findOpponent(p);
    expect((await p.get("/api/arena/ai/opponent")).json()).toEqual({ opponent: second });
    const kept = await t.db.select().from(aiOpponents).where(eq(aiOpponents.userId, p.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.botId).toBe(p.bot.id);
  });

  it("needs an active bot", async () => {
    const player = await signUp(t.app);
    for (const response of [
      await player.post("/api/arena/ai/opponent"),
      await player.get("/api/arena/ai/opponent"),
      await aiBattle(player),
    ]) {
      expect(errorOf(response)).toMatchObject({ status: 404, message: messages.noActiveBot });
    }
  });
});

describe("an AI battle", () => {
  it("fights the kept opponent and writes energy, XP, record and durability in one go", async () => {
    const p = await pilot(t);
    const opponent = await findOpponent(p);
    const before = await botRow(t.db, p.bot.id);
    const outcome = await outcomeOf(await aiBattle(p));

    expect(outcome.battle.kind).toBe("ai");
    expect(outcome.battle.defender).toMatchObject({
      isAi: true,
      name: opponent.name,
      level: opponent.level,
      stats: opponent.stats,
      maxHp: opponent.maxHp,
    });
    expect(outcome.battle.attacker).toMatchObject({ botId: p.bot.id, name: p.bot.name, isAi: false });
    expect(outcome.won).toBe(outcome.battle.winner === "attacker");
    expect(outcome.xpGained).toBe(battleXp(outcome.won, opponent.level));
    expect(outcome.coinsDelta).toBe(0);
    expect(outcome.newCoinBalance).toBe(1000);

    const after = await botRow(t.db, p.bot.id);
    expect(after).toMatchObject({
      energy: before.energy - AI_BATTLE_ENERGY,
      xp: before.xp + outcome.xpGained,
      wins: before.wins + (outcome.won ? 1 : 0),
      losses: before.losses + (outcome.won ? 0 : 1),
      durability: before.durability - (outcome.won ? DURABILITY_LOSS_WIN : DURABILITY_LOSS_LOSS),
    });
    expect(outcome.bot).toMatchObject({
      energy: after.energy,
      xp: after.xp,
      level: after.level,
      wins: after.wins,
      losses: after.losses,
      durability: after.durability,
    });
    // The opponent is consumed: it cannot be fought again.
    expect(await t.db.select().from(aiOpponents).where(eq(aiOpponents.userId, p.id))).toEqual([]);
    expect(errorOf(await aiBattle(p))).toMatchObject({ status: 409, message: messages.selectOpponent });
  });

  it("answers the text log and the typed log that lead to the same result", async () => {
    const p = await pilot(t);
    await findOpponent(p);
    const outcome = await outcomeOf(await aiBattle(p));
    const { events } = outcome.battle;
    expect(outcome.battleLog).toEqual([...events.map((event) => event.message), outcome.battle.outcome]);
    const last = events.at(-1)!;
    const loserHp = outcome.won ? last.defenderHp : last.attackerHp;
    if (outcome.battle.endedBy === "knockout") expect(loserHp).toBe(0);
    expect(events[0]?.side).toBe("attacker");
    expect(events.every((event) => event.round >= 1 && event.round <= outcome.battle.rounds)).toBe(true);
  });

  it("stores the battle with its seed, both snapshots and the clock's time", async () => {
    const p = await pilot(t);
    await findOpponent(p);
    const outcome = await outcomeOf(await aiBattle(p));
    const [row] = await t.db.select().from(battles).where(eq(battles.id, outcome.battle.id));
    expect(row).toMatchObject({
      kind: "ai",
      seed: outcome.battle.seed,
      winner: outcome.battle.winner,
      attackerUserId: p.id,
      attackerBotId: p.bot.id,
      defenderUserId: null,
      defenderBotId: null,
      xpGained: outcome.xpGained,
      coinsMoved: 0,
      createdAt: clock.now(),
    });
  });

  it("pays 50 + 10 x opponent level for a win and 10 for a loss", async () => {
    const winner = await pilot(t);
    await setBot(t.db, winner.bot.id, CHAMPION);
    const opponent = await findOpponent(winner);
    const won = await outcomeOf(await aiBattle(winner));
    expect(won).toMatchObject({ won: true, xpGained: 50 + 10 * opponent.level });

    const loser = await pilot(t);
    await setBot(t.db, loser.bot.id, SCRAP_HEAP);
    await findOpponent(loser);
    expect(await outcomeOf(await aiBattle(loser))).toMatchObject({ won: false, xpGained: 10 });
  });

  it("levels up from the new XP and adds five points per level gained", async () => {
    const p = await pilot(t);
    await setBot(t.db, p.bot.id, { ...CHAMPION, xp: 95, level: 1, availablePoints: 2 });
    const opponent = await findOpponent(p);
    const outcome = await outcomeOf(await aiBattle(p));
    const xp = 95 + 50 + 10 * opponent.level;
    const level = Math.floor(xp / 100) + 1;
    expect(outcome).toMatchObject({
      leveledUp: true,
      newLevel: level,
      pointsGained: (level - 1) * POINTS_PER_LEVEL,
    });
    expect(await botRow(t.db, p.bot.id)).toMatchObject({
      xp,
      level,
      availablePoints: 2 + (level - 1) * POINTS_PER_LEVEL,
    });

    await findOpponent(p);
    const quiet = await outcomeOf(await aiBattle(p));
    expect(quiet.leveledUp).toBe(Math.floor((xp + quiet.xpGained) / 100) + 1 > level);
  });

  it("regenerates energy before spending it", async () => {
    const p = await pilot(t);
    await setBot(t.db, p.bot.id, { energy: 10, lastEnergyUpdate: clock.now() });
    await findOpponent(p);
    expect(errorOf(await aiBattle(p))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_ENERGY",
      message: messages.notEnoughEnergy(AI_BATTLE_ENERGY),
    });
    clock.advance(5 * 60_000);
    const outcome = await outcomeOf(await aiBattle(p));
    expect(outcome.bot.energy).toBe(0);
  });

  it("publishes a bots event to the player", async () => {
    const p = await pilot(t);
    const events: LiveEnvelope[] = [];
    const unlisten = await hearBus(t.database, (envelope) => events.push(envelope));
    await findOpponent(p);
    await outcomeOf(await aiBattle(p));
    await expect.poll(() => events.some((e) => e.userId === p.id && e.kind === "bots")).toBe(true);
    await unlisten();
  });
});

describe("refusing an AI battle changes nothing", () => {
  const refusals: [string, (p: Awaited<ReturnType<typeof pilot>>) => Promise<unknown>, number, string][] = [
    ["no opponent found yet", async () => {}, 409, messages.selectOpponent],
    [
      "energy below 15",
      async (p) => {
        await findOpponent(p);
        await setBot(t.db, p.bot.id, { energy: 14, lastEnergyUpdate: clock.now() });
      },
      409,
      messages.notEnoughEnergy(AI_BATTLE_ENERGY),
    ],
    [
      "durability at 0",
      async (p) => {
        await findOpponent(p);
        await setBot(t.db, p.bot.id, { durability: 0 });
      },
      409,
      messages.needsRepair,
    ],
    [
      "an opponent found for another bot",
      async (p) => {
        await findOpponent(p);
        const [second] = (await summonFor(p, 1)).botIds;
        await p.post(`/api/bots/${second}/name`, { name: "Backup Unit" });
        await p.post(`/api/bots/${second}/allocate`, {
          strength: 4,
          agility: 3,
          defense: 2,
          intelligence: 1,
        });
        expect((await p.post(`/api/bots/${second}/activate`)).statusCode).toBe(200);
      },
      409,
      messages.selectOpponent,
    ],
    [
      "an active bot on the marketplace",
      async (p) => {
        await findOpponent(p);
        await listOnMarket(t.db, p, p.bot.id);
      },
      409,
      "This bot is listed on the marketplace. Unlist it first.",
    ],
  ];

  it.each(refusals)("refuses %s", async (_, arrange, status, message) => {
    const p = await pilot(t);
    await arrange(p);
    const before = await arenaState(t.db);
    expect(errorOf(await aiBattle(p))).toMatchObject({ status, message });
    expect(await arenaState(t.db)).toEqual(before);
  });

  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/arena/ai/opponent"],
      ["POST", "/api/arena/ai/opponent"],
      ["POST", "/api/arena/ai/battle"],
    ] as const) {
      expect(errorOf(await t.app.inject({ method, url }))).toMatchObject({ status: 401 });
    }
  });
});

describe("parallel AI battles", () => {
  it("fight a kept opponent once, however many requests race for it", async () => {
    const p = await pilot(t);
    await setBot(t.db, p.bot.id, { energy: 30, lastEnergyUpdate: clock.now() });
    await findOpponent(p);
    const responses = await Promise.all(Array.from({ length: 10 }, () => aiBattle(p)));
    const fought = responses.filter((r) => r.statusCode === 200);
    expect(fought).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, message: messages.selectOpponent });
    }
    expect(await botRow(t.db, p.bot.id)).toMatchObject({ energy: 30 - AI_BATTLE_ENERGY });
    expect(await battlesStartedBy(t.db, p.bot.id)).toHaveLength(1);
  });
});

describe("the landing page's battle counter", () => {
  it("counts the battles of the last hour as written", async () => {
    const countNow = async () => (await t.app.inject("/api/stats")).json<{ battlesLastHour: number }>();
    const before = (await countNow()).battlesLastHour;
    const p = await pilot(t);
    await findOpponent(p);
    await outcomeOf(await aiBattle(p));
    expect((await countNow()).battlesLastHour).toBe(before + 1);
    clock.advance(61 * 60_000);
    expect((await countNow()).battlesLastHour).toBe(0);
  });
});
