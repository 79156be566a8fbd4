import type { BattleReplay, RecentBattles } from "@bot-arena/contract";
import { battleMessages, RECENT_BATTLES_LIMIT } from "@bot-arena/contract";
import { DAY_MS, messages } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp, testClock } from "../../../test/helpers";
import { battles } from "../../platform/db/schema";
import {
  aiBattle,
  CHAMPION,
  findOpponent,
  outcomeOf,
  type Pilot,
  pilot,
  pvpBattle,
  SCRAP_HEAP,
  setBot,
} from "../arena/testing";
import { fight } from "./record";
import type { FighterSnapshot } from "./snapshot";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function foughtAi(p: Pilot) {
  await findOpponent(p);
  const outcome = await outcomeOf(await aiBattle(p));
  clock.advance(1000);
  return outcome;
}

const replayOf = async (viewer: Pilot, id: string) => {
  const response = await viewer.get(`/api/battles/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<BattleReplay>();
};

describe("replays", () => {
  it("rebuild a stored battle from its seed and snapshots, identical to what was fought", async () => {
    const p = await pilot(t);
    const outcome = await foughtAi(p);
    const [row] = await t.db.select().from(battles).where(eq(battles.id, outcome.battle.id));
    const replayed = fight(
      row!.attackerSnapshot as FighterSnapshot,
      row!.defenderSnapshot as FighterSnapshot,
      row!.seed,
    );
    expect(replayed).toEqual(row!.log);

    const replay = await replayOf(p, outcome.battle.id);
    expect(replay).toEqual({ ...outcome.battle, verified: true, context: null });
  });

  it("show the fighters as they were, not as they are now", async () => {
    const p = await pilot(t);
    const outcome = await foughtAi(p);
    await setBot(t.db, p.bot.id, { name: "Renamed Later", strength: 99 });
    const replay = await replayOf(p, outcome.battle.id);
    expect(replay.attacker).toMatchObject({ name: p.bot.name, stats: { strength: p.bot.strength } });
    expect(replay.verified).toBe(true);
  });

  it("can be watched by any signed-in player, also of PvP battles between others", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    const watcher = await pilot(t);
    const { battle } = await outcomeOf(await pvpBattle(a, b.bot.id));
    const replay = await replayOf(watcher, battle.id);
    expect(replay).toEqual({ ...battle, verified: true, context: null });
  });

  it("report a stored log that the engine no longer reproduces, and show what was stored", async () => {
    const p = await pilot(t);
    const outcome = await foughtAi(p);
    await t.db
      .update(battles)
      .set({ seed: sql`${battles.seed} + 1` })
      .where(eq(battles.id, outcome.battle.id));
    const replay = await replayOf(p, outcome.battle.id);
    expect(replay.verified).toBe(false);
    expect(replay.events).toEqual(outcome.battle.events);
  });

  it("answer 404 for an unknown or malformed id and 401 without a session", async () => {
    const p = await pilot(t);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1 or 1=1"]) {
      expect(errorOf(await p.get(`/api/battles/${encodeURIComponent(id)}`))).toMatchObject({
        status: 404,
        message: battleMessages.notFound,
      });
    }
    const outcome = await foughtAi(p);
    expect(errorOf(await t.app.inject(`/api/battles/${outcome.battle.id}`)).status).toBe(401);
  });
});

describe("a bot's recent battles", () => {
  const recentOf = async (viewer: Pilot, botId: string) => {
    const response = await viewer.get(`/api/battles?botId=${botId}`);
    expect(response.statusCode).toBe(200);
    return response.json<RecentBattles>().battles;
  };

  it("lists the last 10, newest first, attacking and defending, from the bot's side", async () => {
    const p = await pilot(t);
    const rival = await pilot(t);
    await setBot(t.db, p.bot.id, { ...CHAMPION, energy: 100 });
    const fought: string[] = [];
    for (let i = 0; i < 5; i++) fought.push((await foughtAi(p)).battle.id);
    await setBot(t.db, p.bot.id, { energy: 100 });
    await setBot(t.db, rival.bot.id, SCRAP_HEAP);
    for (let i = 0; i < 4; i++) {
      fought.push((await outcomeOf(await pvpBattle(rival, p.bot.id))).battle.id);
      // A pair fights once a day.
      clock.advance(DAY_MS);
    }
    await setBot(t.db, p.bot.id, { energy: 100 });
    for (let i = 0; i < 3; i++) fought.push((await foughtAi(p)).battle.id);

    const recent = await recentOf(p, p.bot.id);
    expect(recent).toHaveLength(RECENT_BATTLES_LIMIT);
    expect(recent.map((b) => b.id)).toEqual(fought.slice(-RECENT_BATTLES_LIMIT).reverse());
    const defended = recent.filter((b) => b.side === "defender");
    expect(defended).toHaveLength(4);
    for (const battle of defended) {
      expect(battle).toMatchObject({
        kind: "pvp",
        won: true,
        opponentName: rival.bot.name,
        opponentIsAi: false,
        xpGained: 0,
      });
    }
    // The rival pays 10% of a wallet that shrinks with each loss: 1000, 900, 810, 729.
    expect(defended.map((b) => b.coinsDelta)).toEqual([72, 81, 90, 100]);
    const attacked = recent.filter((b) => b.side === "attacker");
    for (const battle of attacked)
      expect(battle).toMatchObject({ kind: "ai", won: true, opponentIsAi: true });

    const rivalsView = await recentOf(rival, rival.bot.id);
    expect(rivalsView).toHaveLength(4);
    expect(rivalsView.every((b) => b.side === "attacker" && !b.won)).toBe(true);
    expect(rivalsView.map((b) => b.coinsDelta)).toEqual([-72, -81, -90, -100]);
  });

  it("is empty for a bot that never fought", async () => {
    const p = await pilot(t);
    expect(await recentOf(p, p.bot.id)).toEqual([]);
  });

  it("shows only the player's own bots: 404 for another's, an unknown or a malformed id", async () => {
    const p = await pilot(t);
    const other = await pilot(t);
    for (const botId of [other.bot.id, "00000000-0000-4000-8000-000000000000", "x"]) {
      expect(errorOf(await p.get(`/api/battles?botId=${botId}`))).toMatchObject({
        status: 404,
        message: messages.botNotFound,
      });
    }
    expect(errorOf(await p.get("/api/battles")).status).toBe(400);
    const anonymous = await signUp(t.app);
    expect(errorOf(await t.app.inject(`/api/battles?botId=${anonymous.id}`)).status).toBe(401);
  });
});
