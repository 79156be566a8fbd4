import { type PlayerLookupResponse, playerAlertKinds } from "@bot-arena/contract";
import { DAY_MS, deviationAt, newPilotRating, pvpMessages, rateBattle } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, hearBus, signUp, type TestApp, testClock } from "../../../test/helpers";
import { pilotRatings, pvpResults } from "../../platform/db/schema";
import type { LiveEnvelope } from "../../platform/live/publish";
import { arenaState, CHAMPION, outcomeOf, type Pilot, pilot, pvpBattle, setBot } from "../arena/testing";
import { coinsOf, setCoins } from "../bots/testing";
import { defensesOf, linkedPilots, opponentListOf, profileOf, raid, setRating } from "./testing";

const HOUR = 60 * 60 * 1000;
const clock = testClock();
let t: TestApp;
const adminEmail = "ladder_admin@arena.test";
beforeAll(async () => {
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail] } });
});
afterAll(() => t.close());

const ratingRow = async (userId: string) =>
  (
    await t.db
      .select()
      .from(pilotRatings)
      .where(eq(pilotRatings.userId, userId as never))
  )[0];

describe("a PvP battle rates both pilots", () => {
  it("in the battle's transaction, by the rulebook, the defender's change damped", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    const { battle } = await raid(t, attacker, defender);
    const expected = rateBattle(newPilotRating(), newPilotRating(), "attacker", clock.now().getTime());
    expect(await ratingRow(attacker.id)).toMatchObject({
      rating: expected.attacker.rating,
      deviation: expected.attacker.deviation,
      volatility: expected.attacker.volatility,
      lastRatedAt: clock.now(),
      wins: 1,
      losses: 0,
    });
    expect(await ratingRow(defender.id)).toMatchObject({
      rating: expected.defender.rating,
      wins: 0,
      losses: 1,
    });
    // lichess's vector for the winner (1741, RD 397); the defender keeps half of its fall from 1500 to 1258.
    expect(Math.floor(expected.attacker.rating)).toBe(1741);
    expect(Math.floor(expected.defender.rating)).toBe(1379);
    const [result] = await t.db.select().from(pvpResults).where(eq(pvpResults.battleId, battle.id));
    expect(result).toMatchObject({ defenderWon: false, rated: true, attackerRatingBefore: 1500 });
  });

  it("the next battle starts from the stored ratings", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    await raid(t, a, b);
    const first = rateBattle(newPilotRating(), newPilotRating(), "attacker", clock.now().getTime());
    clock.advance(DAY_MS);
    await raid(t, b, a, false);
    // b attacked a and lost: a defended and won.
    const second = rateBattle(first.defender, first.attacker, "defender", clock.now().getTime());
    expect((await ratingRow(a.id))?.rating).toBe(second.defender.rating);
    expect((await ratingRow(b.id))?.rating).toBe(second.attacker.rating);
  });
});

describe("GET /api/pilots/:username", () => {
  it("answers the rating now, '?' while provisional, the record and the recent battles from the pilot's side", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    await setCoins(t.db, defender, 1000);
    const { battle } = await raid(t, attacker, defender);
    const viewer = await pilot(t);

    const seen = await profileOf(viewer, attacker.me.username.toUpperCase());
    expect(seen).toEqual({
      username: attacker.me.username,
      rating: 1741,
      deviation: 397,
      provisional: true,
      // One rated battle: on the season's ladder from the third.
      seasonRank: null,
      title: null,
      badges: [],
      record: { wins: 1, losses: 0 },
      shieldUntil: null,
      recentBattles: [
        {
          battleId: battle.id,
          createdAt: clock.now().toISOString(),
          role: "attacker",
          won: true,
          opponentName: defender.me.username,
          botName: attacker.bot.name,
          opponentBotName: defender.bot.name,
          ratingDelta: 241,
          coinsMoved: 100,
        },
      ],
    });
    const theirs = await profileOf(viewer, defender.me.username);
    expect(theirs).toMatchObject({ rating: 1379, record: { wins: 0, losses: 1 } });
    expect(theirs.recentBattles[0]).toMatchObject({ role: "defender", won: false, ratingDelta: -121 });
  });

  it("shows a pilot who never fought at the start, and the deviation growing while idle", async () => {
    const fresh = await pilot(t);
    expect(await profileOf(fresh, fresh.me.username)).toMatchObject({
      rating: 1500,
      deviation: 500,
      provisional: true,
      record: { wins: 0, losses: 0 },
      recentBattles: [],
    });
    const settled = await pilot(t);
    await t.db.insert(pilotRatings).values({
      userId: settled.id,
      rating: 1800,
      deviation: 60,
      volatility: 0.06,
      lastRatedAt: clock.now(),
    });
    expect(await profileOf(fresh, settled.me.username)).toMatchObject({ deviation: 60, provisional: false });
    const rated = { rating: 1800, deviation: 60, volatility: 0.06, lastRatedAt: clock.now().getTime() };
    clock.advance(20 * DAY_MS);
    const grown = Math.round(deviationAt(rated, clock.now().getTime()));
    expect(grown).toBe(64);
    expect((await profileOf(fresh, settled.me.username)).deviation).toBe(grown);
  });

  it("answers 404 for an unknown pilot and 401 without a session", async () => {
    const viewer = await pilot(t);
    expect(errorOf(await viewer.get("/api/pilots/nobody-here"))).toMatchObject({
      status: 404,
      message: "No pilot by that name",
    });
    const anonymous = await t.app.inject({ method: "GET", url: `/api/pilots/${viewer.me.username}` });
    expect(errorOf(anonymous).status).toBe(401);
  });
});

describe("GET /api/pvp/defenses", () => {
  it("lists the raids on the player's bots, newest first, with coins and rating moved and a Revenge", async () => {
    const me = await pilot(t, "Bulwark");
    const first = await pilot(t, "Raider One");
    const second = await pilot(t, "Raider Two");
    await setCoins(t.db, me, 2000);
    const lost = await raid(t, first, me);
    clock.advance(HOUR);
    const held = await raid(t, second, me, false);
    // Someone else's raid is not in my log.
    await raid(t, await pilot(t), await pilot(t));

    const log = await defensesOf(me);
    expect(log.shieldUntil).toBeNull();
    expect(log.defenses).toEqual([
      {
        battleId: held.battle.id,
        createdAt: clock.now().toISOString(),
        attackerName: second.me.username,
        attackerBotName: "Raider Two",
        botName: "Bulwark",
        held: true,
        coinsDelta: 100,
        ratingDelta: expect.any(Number),
        revengeBotId: second.bot.id,
        revengeUntil: new Date(clock.now().getTime() + DAY_MS).toISOString(),
        avenged: false,
      },
      {
        battleId: lost.battle.id,
        createdAt: new Date(clock.now().getTime() - HOUR).toISOString(),
        attackerName: first.me.username,
        attackerBotName: "Raider One",
        botName: "Bulwark",
        held: false,
        coinsDelta: -200,
        ratingDelta: -121,
        revengeBotId: first.bot.id,
        revengeUntil: new Date(clock.now().getTime() - HOUR + DAY_MS).toISOString(),
        avenged: false,
      },
    ]);
    expect(log.defenses[0]?.ratingDelta).toBeGreaterThan(0);
    expect((await defensesOf(first)).defenses).toEqual([]);
    expect(errorOf(await t.app.inject({ method: "GET", url: "/api/pvp/defenses" })).status).toBe(401);
  });

  it("closes the Revenge after 24 hours", async () => {
    const me = await pilot(t);
    const raider = await pilot(t);
    await raid(t, raider, me);
    clock.advance(DAY_MS);
    expect((await defensesOf(me)).defenses[0]).toMatchObject({ revengeBotId: null, revengeUntil: null });
  });
});

describe("a raid's alert", () => {
  it("tells the defender at once: who, which bot, the coins, the rating and a shield it raised", async () => {
    const me = await pilot(t, "Sentinel");
    const raider = await pilot(t);
    const events: LiveEnvelope[] = [];
    const unlisten = await hearBus(t.database, (envelope) => events.push(envelope));
    const { battle } = await raid(t, raider, me);
    await expect
      .poll(() => events.find((e) => e.userId === me.id && e.kind === playerAlertKinds.pvpRaid)?.data)
      .toEqual({
        battleId: battle.id,
        attackerName: raider.me.username,
        botName: "Sentinel",
        held: false,
        coins: 100,
        ratingDelta: -121,
        shieldUntil: null,
      });
    // The attacker is not told of a raid it made.
    expect(events.some((e) => e.userId === raider.id && e.kind === playerAlertKinds.pvpRaid)).toBe(false);
    await unlisten();
  });
});

describe("revenge", () => {
  it("strikes back at the raiding bot once, within 24 hours, whatever the pair rule", async () => {
    const me = await pilot(t);
    const raider = await pilot(t);
    // I attacked the raider first; its raid back opens a revenge the pair rule would otherwise hold.
    await raid(t, me, raider, false);
    const { battle } = await raid(t, raider, me);
    const revenge = await me.post("/api/arena/pvp/battle", {
      defenderId: raider.bot.id,
      revengeOf: battle.id,
    });
    expect(revenge.statusCode, revenge.body).toBe(200);
    expect((await defensesOf(me)).defenses[0]).toMatchObject({ avenged: true, revengeBotId: null });
    const [row] = await t.db
      .select()
      .from(pvpResults)
      .where(eq(pvpResults.battleId, revenge.json<{ battle: { id: string } }>().battle.id));
    expect(row?.revengeOf).toBe(battle.id);

    const before = await arenaState(t.db);
    const again = await me.post("/api/arena/pvp/battle", { defenderId: raider.bot.id, revengeOf: battle.id });
    expect(errorOf(again)).toMatchObject({ status: 409, message: pvpMessages.revengeClosed });
    expect(await arenaState(t.db)).toEqual(before);
  });

  it("is refused for a raid on someone else, a raid older than 24 hours, and a malformed id", async () => {
    const me = await pilot(t);
    const raider = await pilot(t);
    const other = await pilot(t);
    const old = await raid(t, raider, me);
    const theirs = await raid(t, raider, other);
    clock.advance(DAY_MS);
    for (const revengeOf of [theirs.battle.id, old.battle.id, "not-a-battle"]) {
      const before = await arenaState(t.db);
      const response = await me.post("/api/arena/pvp/battle", { defenderId: raider.bot.id, revengeOf });
      expect(errorOf(response)).toMatchObject({ status: 409, message: pvpMessages.revengeClosed });
      expect(await arenaState(t.db)).toEqual(before);
    }
  });
});

describe("PvP protections", () => {
  let level = 900;
  /** The pilots' bots at a level of their own and the pilots at one rating: each first in the others' lists. */
  const sideBySide = async (...pilots: Pilot[]) => {
    level++;
    for (const p of pilots) {
      await setBot(t.db, p.bot.id, { level });
      await setRating(t, p, 1500);
    }
  };
  const offered = async (viewer: Pilot, target: Pilot) =>
    (await opponentListOf(viewer)).opponents.some((o) => o.id === target.bot.id);

  const refused = async (attacker: Pilot, defender: Pilot, message: string) => {
    const before = await arenaState(t.db);
    expect(errorOf(await pvpBattle(attacker, defender.bot.id))).toMatchObject({ status: 409, message });
    expect(await arenaState(t.db)).toEqual(before);
  };

  it("a pair fights once a day: the second attack within 24 hours is refused and not offered", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    await sideBySide(a, b);
    expect(await offered(a, b)).toBe(true);
    await raid(t, a, b, false);
    await refused(a, b, pvpMessages.attackedRecently);
    await sideBySide(a, b);
    expect(await offered(a, b)).toBe(false);
    clock.advance(DAY_MS);
    expect(await offered(a, b)).toBe(true);
    await raid(t, a, b, false);
  });

  it("the third lost defense of the day raises a 12-hour shield; attacking ends it, and the list says so", async () => {
    const me = await pilot(t);
    const raiders = await Promise.all([1, 2, 3, 4].map(() => pilot(t)));
    await setCoins(t.db, me, 5000);
    for (const raider of raiders.slice(0, 2)) {
      await raid(t, raider, me);
      clock.advance(1000);
    }
    const third = await raid(t, raiders[2]!, me);
    const until = new Date(clock.now().getTime() + 12 * HOUR);
    expect((await ratingRow(me.id))?.shieldUntil).toEqual(until);
    expect((await defensesOf(me)).shieldUntil).toBe(until.toISOString());
    expect((await profileOf(me, me.me.username)).shieldUntil).toBe(until.toISOString());
    expect((await opponentListOf(me)).shieldUntil).toBe(until.toISOString());
    expect((await defensesOf(me)).defenses[0]?.battleId).toBe(third.battle.id);
    await refused(raiders[3]!, me, pvpMessages.shielded(until.getTime()));
    await sideBySide(raiders[3]!, me);
    expect(await offered(raiders[3]!, me)).toBe(false);

    // Attacking is the pilot's own choice to fight: the shield ends with it.
    await raid(t, me, raiders[3]!);
    expect((await ratingRow(me.id))?.shieldUntil).toBeNull();
    expect((await opponentListOf(me)).shieldUntil).toBeNull();
  });

  it("a shield ends by itself after 12 hours", async () => {
    const me = await pilot(t);
    const raiders = await Promise.all([1, 2, 3, 4].map(() => pilot(t)));
    for (const raider of raiders.slice(0, 3)) await raid(t, raider, me);
    clock.advance(12 * HOUR);
    await raid(t, raiders[3]!, me, false);
  });

  it("at most 8 defenses a day: the 9th attack is refused and the pilot is not offered", async () => {
    const me = await pilot(t);
    const raiders = await Promise.all(Array.from({ length: 9 }, () => pilot(t)));
    // Held every time: no shield, only the cap.
    for (const raider of raiders.slice(0, 8)) await raid(t, raider, me, false);
    await refused(raiders[8]!, me, pvpMessages.capped(8));
    await sideBySide(raiders[8]!, me);
    expect(await offered(raiders[8]!, me)).toBe(false);
    clock.advance(DAY_MS);
    expect(await offered(raiders[8]!, me)).toBe(true);
    await raid(t, raiders[8]!, me, false);
  });

  it("linked accounts (one device) never fight and are not offered", async () => {
    const [a, b] = await linkedPilots(t, "d".repeat(43));
    const stranger = await pilot(t);
    await sideBySide(a, b, stranger);
    expect(await offered(a, stranger)).toBe(true);
    expect(await offered(a, b)).toBe(false);
    await refused(a, b, pvpMessages.linked);
    await refused(b, a, pvpMessages.linked);
    expect(await coinsOf(a)).toBe(1000);
  });
});

describe("the PvP list's rating window", () => {
  it("offers pilots near the viewer's rating, widening while fewer than 10 are near", async () => {
    const viewer = await pilot(t);
    await setRating(t, viewer, 3000);
    const near = await Promise.all(Array.from({ length: 10 }, () => pilot(t)));
    for (const p of near) await setRating(t, p, 2950);
    // At the viewer's own level (no other bot's), but 1,500 points away.
    const far = await pilot(t);
    for (const p of [viewer, far]) await setBot(t.db, p.bot.id, { level: 777 });
    const ids = async () => (await opponentListOf(viewer)).opponents.map((o) => o.id);
    expect(new Set(await ids())).toEqual(new Set(near.map((p) => p.bot.id)));
    expect(await ids()).not.toContain(far.bot.id);

    // One of them 300 away: 9 within 100 and 200, so the window widens to 400 and keeps all ten.
    await setRating(t, near[0]!, 2700);
    expect(new Set(await ids())).toEqual(new Set(near.map((p) => p.bot.id)));
    // 900 away: fewer than 10 within 800, so nobody is out of reach and the list is by level again.
    await setRating(t, near[0]!, 2100);
    expect(await ids()).toContain(far.bot.id);
  });
});

describe("a battle identical to one of the pair's last two", () => {
  it("is fought and paid but not rated; a changed bot makes the next one rated again", async () => {
    const a = await pilot(t);
    const b = await pilot(t);
    await raid(t, a, b);
    const after = await ratingRow(a.id);
    clock.advance(DAY_MS);
    const { battle, coinsDelta } = await raid(t, a, b);
    expect(coinsDelta).toBeGreaterThan(0);
    expect(await ratingRow(a.id)).toMatchObject({ rating: after?.rating, wins: 2 });
    const [row] = await t.db.select().from(pvpResults).where(eq(pvpResults.battleId, battle.id));
    expect(row).toMatchObject({ rated: false });
    expect(row?.attackerRatingAfter).toBe(row?.attackerRatingBefore);
    expect((await defensesOf(b)).defenses[0]).toMatchObject({ battleId: battle.id, ratingDelta: 0 });

    // Trained in between: a new battle, rated.
    clock.advance(DAY_MS);
    await setBot(t.db, b.bot.id, { defense: 1 });
    await setBot(t.db, a.bot.id, CHAMPION);
    const fresh = await outcomeOf(await pvpBattle(a, b.bot.id));
    const [rated] = await t.db.select().from(pvpResults).where(eq(pvpResults.battleId, fresh.battle.id));
    expect(rated).toMatchObject({ rated: true });
    expect((await ratingRow(a.id))?.rating).toBeGreaterThan(after?.rating ?? Number.POSITIVE_INFINITY);
  });
});

describe("the admin's player page: PvP pairs and the boost flag", () => {
  it("flags a new provisional account that keeps beating the same few, with its pairs", async () => {
    const admin = await signUp(t.app, { email: adminEmail, username: "ladder_admin" });
    const booster = await pilot(t);
    const [alt1, alt2] = [await pilot(t), await pilot(t)];
    const lookup = async () => {
      const response = await admin.get(`/api/admin/players?q=${booster.me.username}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PlayerLookupResponse>().players[0]?.pvp;
    };
    for (let day = 0; day < 3; day++) {
      await raid(t, booster, alt1);
      await raid(t, booster, alt2);
      clock.advance(DAY_MS);
    }
    const pvp = await lookup();
    expect(pvp).toMatchObject({
      provisional: true,
      record: { wins: 6, losses: 0 },
      boostFlag: `New account (3 days old, provisional rating): 6 of its 6 PvP wins came from 2 pilots (${[
        alt1,
        alt2,
      ]
        .map((p) => p.me.username)
        .sort()
        .join(", ")})`,
    });
    expect(new Set(pvp?.pairs)).toEqual(
      new Set([
        { opponent: alt1.me.username, wins: 3, losses: 0 },
        { opponent: alt2.me.username, wins: 3, losses: 0 },
      ]),
    );
    // A week old, the same record is no longer a new account's.
    clock.advance(4 * DAY_MS);
    expect((await lookup())?.boostFlag).toBeNull();
  });
});
