import type { PvpOpponentList } from "@bot-arena/contract";
import {
  battleXp,
  DURABILITY_LOSS_LOSS,
  DURABILITY_LOSS_WIN,
  messages,
  PVP_BATTLE_ENERGY,
  PVP_OPPONENT_LIST_SIZE,
} from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  hearBus,
  type Player,
  signUp,
  type TestApp,
  testClock,
} from "../../../test/helpers";
import { battles, coinLedger, equipment, inventory } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import type { LiveEnvelope } from "../../platform/live/publish";
import { coinsOf, createBot, expectLedgerClean, listOnMarket, setCoins } from "../bots/testing";
import {
  arenaState,
  botRow,
  CHAMPION,
  copyOfBot,
  outcomeOf,
  type Pilot,
  pilot,
  pvpBattle,
  SCRAP_HEAP,
  setBot,
  uuidBeside,
} from "./testing";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const opponentsOf = async (p: Player) => {
  const response = await p.get("/api/arena/pvp/opponents");
  expect(response.statusCode).toBe(200);
  return response.json<PvpOpponentList>().opponents;
};

describe("the PvP opponent list", () => {
  /** A pilot whose (active) bot is at `level`, named after it. */
  const pilotAt = async (level: number, name = `Level ${level}`) => {
    const p = await pilot(t, name);
    await setBot(t.db, p.bot.id, { level });
    return p;
  };

  it("lists the 10 eligible bots nearest the viewer's level, nearest first, the higher first at a tie", async () => {
    // Far above every other bot of this file, so only this test's bots are near.
    const viewer = await pilotAt(505);
    const at = new Map<number, Pilot>();
    for (const level of [470, 500, 501, 503, 504, 505, 506, 509, 510, 530, 540])
      at.set(level, await pilotAt(level));
    const poor = await pilotAt(505, "Poor Level 505");
    await setCoins(t.db, poor, 99);
    const listed = await pilotAt(506, "Listed Level 506");
    await listOnMarket(t.db, listed, listed.bot.id);
    // The viewer's own bots are never listed, active or not.
    await copyOfBot(t.db, viewer.bot.id, { name: "Own Level 505" });

    const opponents = await opponentsOf(viewer);
    // 470 and 540 are both 35 away: 540 goes first and takes the last place.
    expect(opponents.map((o) => o.name)).toEqual(
      [505, 506, 504, 503, 509, 501, 510, 500, 530, 540].map((level) => `Level ${level}`),
    );
    expect(opponents.map((o) => o.level)).toEqual([505, 506, 504, 503, 509, 501, 510, 500, 530, 540]);
    expect(opponents[0]).toMatchObject({
      id: at.get(505)?.bot.id,
      wins: 0,
      losses: 0,
      ownerName: at.get(505)?.me.username,
    });

    // With 100 coins the poor pilot is a target again: a second bot at the viewer's level, and 540 falls off.
    await setCoins(t.db, poor, 100);
    const after = (await opponentsOf(viewer)).map((o) => o.name);
    expect(after).toHaveLength(PVP_OPPONENT_LIST_SIZE);
    expect(new Set(after.slice(0, 2))).toEqual(new Set(["Level 505", "Poor Level 505"]));
    expect(after.slice(2)).toEqual([506, 504, 503, 509, 501, 510, 500, 530].map((level) => `Level ${level}`));
  });

  it("splits the viewer's level at the viewer's id: the same bots on every refresh, others for another player", async () => {
    const [first, second] = [await pilotAt(800), await pilotAt(800)];
    // Viewers, not targets: under 100 coins neither is in the other's list.
    for (const viewer of [first, second]) await setCoins(t.db, viewer, 99);
    const [low, high] = first.id < second.id ? [first, second] : [second, first];
    // Six bots at level 800 just after each viewer's id, in PostgreSQL's uuid order.
    const owner = await pilot(t);
    const beside = async (viewer: Pilot, step: number) => {
      const id = uuidBeside(viewer.id, step);
      await copyOfBot(t.db, owner.bot.id, {
        id,
        level: 800,
        name: `${viewer === low ? "Low" : "High"} +${step}`,
      });
    };
    for (const viewer of [low, high]) for (let step = 1; step <= 6; step++) await beside(viewer, step);
    const steps = (side: string, ...list: number[]) => list.map((step) => `${side} +${step}`);

    // Going up from the viewer's id first, then down from just under it.
    const lowSees = (await opponentsOf(low)).map((o) => o.name);
    expect(lowSees).toEqual([...steps("Low", 1, 2, 3, 4, 5, 6), ...steps("High", 1, 2, 3, 4)]);
    const highSees = (await opponentsOf(high)).map((o) => o.name);
    expect(highSees).toEqual([...steps("High", 1, 2, 3, 4, 5, 6), ...steps("Low", 6, 5, 4, 3)]);
    expect((await opponentsOf(low)).map((o) => o.name)).toEqual(lowSees);
    expect((await opponentsOf(high)).map((o) => o.name)).toEqual(highSees);
  });

  it("is built around the active bot's level, or level 1 without one", async () => {
    // A bot one level up, which a list built around any level but 1 would show first.
    await pilotAt(2);
    const viewer = await signUp(t.app);
    const withoutBot = await opponentsOf(viewer);
    expect(withoutBot[0]?.level).toBe(1);
    const bot = await createBot(viewer);
    expect(bot.level).toBe(1);
    expect(await opponentsOf(viewer)).toEqual(withoutBot);

    // Two players at different levels: the one at 650 meets the rival at 650 first, the one at 1 never sees it.
    const rival = await pilotAt(650);
    await setBot(t.db, bot.id, { level: 650 });
    expect((await opponentsOf(viewer))[0]?.id).toBe(rival.bot.id);
    const newcomer = await pilot(t);
    const newcomerSees = await opponentsOf(newcomer);
    expect(newcomerSees[0]?.level).toBe(1);
    expect(newcomerSees.map((o) => o.id)).not.toContain(rival.bot.id);
  });

  it("tells a player under 100 wallet coins that they cannot challenge, and stops once they can", async () => {
    const viewer = await pilot(t);
    const list = async () => (await viewer.get("/api/arena/pvp/opponents")).json<PvpOpponentList>();
    expect((await list()).cannotChallenge).toBeNull();
    await setCoins(t.db, viewer, 99);
    expect((await list()).cannotChallenge).toBe("You need at least 100 coins in your wallet for PvP");
    await setCoins(t.db, viewer, 100);
    expect((await list()).cannotChallenge).toBeNull();
  });

  it("is empty when no one else qualifies, and needs a session", async () => {
    const lonely = await pilot(t);
    const list = await opponentsOf(lonely);
    expect(list.every((o) => o.id !== lonely.bot.id)).toBe(true);
    expect(errorOf(await t.app.inject({ method: "GET", url: "/api/arena/pvp/opponents" })).status).toBe(401);
  });
});

describe("a PvP battle", () => {
  it("a win takes 10% of the defender's wallet through the ledger and counts for both bots", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t, "Target Practice");
    await setBot(t.db, attacker.bot.id, CHAMPION);
    await setBot(t.db, defender.bot.id, { level: 4, xp: 300 });
    await setCoins(t.db, defender, 1234);

    const outcome = await outcomeOf(await pvpBattle(attacker, defender.bot.id));
    expect(outcome).toMatchObject({
      won: true,
      xpGained: battleXp(true, 4),
      coinsDelta: 123,
      newCoinBalance: 1123,
      bot: { energy: 100 - PVP_BATTLE_ENERGY, wins: 1, losses: 0, durability: 100 - DURABILITY_LOSS_WIN },
    });
    expect(outcome.battleLog.at(-1)).toBe(outcome.battle.outcome);
    expect(outcome.battle).toMatchObject({
      kind: "pvp",
      attacker: { botId: attacker.bot.id, ownerName: attacker.me.username },
      defender: { botId: defender.bot.id, ownerName: defender.me.username, level: 4, isAi: false },
    });
    expect(await coinsOf(attacker)).toBe(1123);
    expect(await coinsOf(defender)).toBe(1111);
    // The defender chose nothing: no energy, XP or durability changes, only its record.
    expect(await botRow(t.db, defender.bot.id)).toMatchObject({
      energy: 100,
      xp: 300,
      durability: 100,
      wins: 0,
      losses: 1,
    });

    const ledger = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.refType, "battle"), eq(coinLedger.refId, outcome.battle.id)));
    expect(ledger.map((r) => [r.userId, r.delta, r.reason])).toEqual([
      [defender.id, -123, "pvp_loss"],
      [attacker.id, 123, "pvp_win"],
    ]);
    const [row] = await t.db.select().from(battles).where(eq(battles.id, outcome.battle.id));
    expect(row).toMatchObject({
      kind: "pvp",
      coinsMoved: 123,
      defenderBotId: defender.bot.id,
      createdAt: clock.now(),
    });
    await expectLedgerClean(t);
  });

  it("a loss costs the attacker 10% of its own wallet", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    await setBot(t.db, attacker.bot.id, SCRAP_HEAP);
    await setBot(t.db, defender.bot.id, CHAMPION);
    await setCoins(t.db, attacker, 555);

    const lost = await outcomeOf(await pvpBattle(attacker, defender.bot.id));
    expect(lost).toMatchObject({
      won: false,
      xpGained: 10,
      coinsDelta: -55,
      newCoinBalance: 500,
      bot: { wins: 0, losses: 1, durability: 100 - DURABILITY_LOSS_LOSS },
    });
    expect(await coinsOf(defender)).toBe(1055);
    expect((await botRow(t.db, defender.bot.id)).wins).toBe(1);
    await expectLedgerClean(t);
  });

  it("the defender fights with its own equipped weapon, the attacker with its own", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    const [shield] = await t.db.select().from(equipment).where(eq(equipment.name, "Nanite Injector"));
    const [cannon] = await t.db.select().from(equipment).where(eq(equipment.name, "Pulse Carbine"));
    await t.db.insert(inventory).values([
      { userId: defender.id, equipmentId: shield!.id, isEquipped: true },
      { userId: attacker.id, equipmentId: cannon!.id, isEquipped: true },
    ]);
    await setBot(t.db, defender.bot.id, { equippedWeaponId: shield!.id });
    await setBot(t.db, attacker.bot.id, { equippedWeaponId: cannon!.id });

    const { battle } = await outcomeOf(await pvpBattle(attacker, defender.bot.id));
    expect(battle.defender.weaponName).toBe("Nanite Injector");
    expect(battle.defender.maxHp).toBe(100 + 2 * (defender.bot.defense + shield!.defenseBonus));
    expect(battle.attacker.weaponName).toBe("Pulse Carbine");
    const firstHit = battle.events[0]!;
    if (firstHit.effectType !== "ultimate") {
      const strength = attacker.bot.strength + cannon!.strengthBonus;
      const agility = attacker.bot.agility + cannon!.agilityBonus;
      const defense = defender.bot.defense + shield!.defenseBonus;
      expect(firstHit.damage).toBe(Math.max(5, Math.floor(1.5 * strength + 0.5 * agility - defense)));
    }
  });

  it("a weapon id whose item the owner no longer holds gives no weapon", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    const [item] = await t.db.select().from(equipment).where(eq(equipment.name, "Pulse Carbine"));
    await setBot(t.db, defender.bot.id, { equippedWeaponId: item!.id });
    const { battle } = await outcomeOf(await pvpBattle(attacker, defender.bot.id));
    expect(battle.defender.weaponName).toBeNull();
    expect(battle.defender.maxHp).toBe(100 + 2 * defender.bot.defense);
  });

  it("publishes bots events to both players and balance events with the stake", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    await setBot(t.db, attacker.bot.id, CHAMPION);
    const events: LiveEnvelope[] = [];
    const unlisten = await hearBus(t.database, (envelope) => events.push(envelope));
    await outcomeOf(await pvpBattle(attacker, defender.bot.id));
    const seen = (userId: string, kind: string) => events.some((e) => e.userId === userId && e.kind === kind);
    await expect
      .poll(() => [attacker.id, defender.id].every((id) => seen(id, "bots") && seen(id, "balance")))
      .toBe(true);
    // The stake's event, whichever came first: a late one of the pilot's set-up (1,000 coins) may arrive after
    // the listener started on a busy machine.
    await expect
      .poll(() =>
        events
          .filter((e) => e.userId === defender.id && e.kind === "balance")
          .map((e) => (e.data as { coins: number }).coins),
      )
      .toContain(900);
    await unlisten();
  });
});

describe("refusing a PvP battle changes nothing", () => {
  type Arrange = (attacker: Pilot, defender: Pilot) => Promise<string>;
  const cases: [string, Arrange, number, string][] = [
    ["an unknown bot", async () => "00000000-0000-4000-8000-000000000000", 404, messages.botNotFound],
    ["a malformed id", async () => "not-a-bot", 404, messages.botNotFound],
    ["the player's own bot", async (a) => a.bot.id, 403, messages.cannotFightOwnBot],
    [
      "a bot on the marketplace",
      async (_, d) => {
        await listOnMarket(t.db, d, d.bot.id);
        return d.bot.id;
      },
      409,
      "This opponent is no longer available",
    ],
    [
      "a defender whose owner dropped below 100 coins",
      async (_, d) => {
        await setCoins(t.db, d, 99);
        return d.bot.id;
      },
      409,
      messages.opponentProtected,
    ],
    [
      "an attacker with under 100 wallet coins (nothing at stake)",
      async (a, d) => {
        await setCoins(t.db, a, 99);
        return d.bot.id;
      },
      409,
      "You need at least 100 coins in your wallet for PvP",
    ],
    [
      "energy below 20",
      async (a, d) => {
        await setBot(t.db, a.bot.id, { energy: 19, lastEnergyUpdate: clock.now() });
        return d.bot.id;
      },
      409,
      messages.notEnoughEnergy(PVP_BATTLE_ENERGY),
    ],
    [
      "a bot needing repairs",
      async (a, d) => {
        await setBot(t.db, a.bot.id, { durability: 0 });
        return d.bot.id;
      },
      409,
      messages.needsRepair,
    ],
    [
      "an attacker whose active bot is on the marketplace",
      async (a, d) => {
        await listOnMarket(t.db, a, a.bot.id);
        return d.bot.id;
      },
      409,
      "This bot is listed on the marketplace. Unlist it first.",
    ],
  ];

  it.each(cases)("refuses %s", async (_, arrange, status, message) => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    const defenderId = await arrange(attacker, defender);
    const before = await arenaState(t.db);
    expect(errorOf(await pvpBattle(attacker, defenderId))).toMatchObject({ status, message });
    expect(await arenaState(t.db)).toEqual(before);
  });

  it("asks for an opponent when none is given", async () => {
    const attacker = await pilot(t);
    for (const body of [{}, { defenderId: "" }, { defenderId: 7 }]) {
      const response = await attacker.post("/api/arena/pvp/battle", body);
      expect(errorOf(response)).toMatchObject({ status: 400, message: messages.selectOpponent });
    }
  });

  it("needs an active bot and a session", async () => {
    const defender = await pilot(t);
    const botless = await signUp(t.app);
    expect(errorOf(await pvpBattle(botless, defender.bot.id))).toMatchObject({
      status: 404,
      message: messages.noActiveBot,
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/arena/pvp/battle",
      payload: { defenderId: defender.bot.id },
    });
    expect(errorOf(anonymous).status).toBe(401);
  });
});

describe("parallel PvP battles", () => {
  it("ten requests with energy for two: exactly two battles, two stakes, the rest refused", async () => {
    const attacker = await pilot(t);
    // Ten defenders, one request each: a pair fights once a day, and the energy is what runs out here.
    const defenders = await Promise.all(Array.from({ length: 10 }, () => pilot(t)));
    await setBot(t.db, attacker.bot.id, {
      ...CHAMPION,
      energy: 2 * PVP_BATTLE_ENERGY + 5,
      lastEnergyUpdate: clock.now(),
    });
    for (const defender of defenders) await setCoins(t.db, defender, 10_000);

    const responses = await Promise.all(defenders.map((defender) => pvpBattle(attacker, defender.bot.id)));
    const fought = responses.filter((r) => r.statusCode === 200);
    expect(fought).toHaveLength(2);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({
        status: 409,
        code: "NOT_ENOUGH_ENERGY",
        message: messages.notEnoughEnergy(PVP_BATTLE_ENERGY),
      });
    }
    expect(await botRow(t.db, attacker.bot.id)).toMatchObject({ energy: 5, wins: 2 });
    const wallets = await Promise.all(defenders.map((defender) => coinsOf(defender)));
    // Two defenders paid 10% of 10 000; the other eight kept theirs.
    expect(wallets.filter((coins) => coins === 9000)).toHaveLength(2);
    expect(wallets.filter((coins) => coins === 10_000)).toHaveLength(8);
    expect(await coinsOf(attacker)).toBe(1000 + 2000);
    const stored = await t.db
      .select()
      .from(battles)
      .where(eq(battles.attackerBotId, attacker.bot.id as BotId));
    expect(stored).toHaveLength(2);
    await expectLedgerClean(t);
  });

  it("two players challenging each other at once both get an answer, never a server error", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? pvpBattle(a, b.bot.id) : pvpBattle(b, a.bot.id))),
    );
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    const total = (await botRow(t.db, a.bot.id)).wins + (await botRow(t.db, b.bot.id)).wins;
    expect(total).toBe(responses.filter((r) => r.statusCode === 200).length);
    await expectLedgerClean(t);
  });
});
