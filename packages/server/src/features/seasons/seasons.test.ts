import {
  type AlertList,
  alertText,
  type CurrentSeason,
  playerAlertKinds,
  SEASON_PRIZE_MAX,
  seasonMessages,
} from "@bot-arena/contract";
import { MAX_BALANCE, SEASON_FREEZE_MINUTES } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { adminOperations, coinLedger, pilotRatings, pvpResults, pvpSeasons } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { type Pilot, pilot } from "../arena/testing";
import { coinsOf, expectLedgerClean, setCoins } from "../bots/testing";
import { readChat, said } from "../chat/testing";
import { profileOf, raid } from "../pilots/testing";
import { SEASON_PRIZE_REASON } from "./close";
import { pastSeasonOf, seasonOf, setPrizes, setSeasonPilot } from "./testing";

const START = new Date("2030-01-15T12:00:00Z");
const clock = testClock(START);
const FREEZE_MS = SEASON_FREEZE_MINUTES * 60_000;
const adminEmail = "season_admin@arena.test";
let t: TestApp;
let admin: Player;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail] } });
  admin = await signUp(t.app, { email: adminEmail, username: "season_admin" });
});
afterAll(() => t.close());

const ratingRow = async (userId: UserId) =>
  (await t.db.select().from(pilotRatings).where(eq(pilotRatings.userId, userId)))[0];

// One season's story, in order: the ladder as it is played, the freeze, the admin's prizes, the close.
const field: Record<string, Pilot> = {};
let before: CurrentSeason;

describe("the running season", () => {
  it("season 1 opens when the server starts: 28 days, frozen 10 minutes before its end", async () => {
    const season = await seasonOf(admin);
    expect(season).toMatchObject({
      number: 1,
      startsAt: "2030-01-15T12:00:00.000Z",
      frozenAt: "2030-02-12T11:50:00.000Z",
      endsAt: "2030-02-12T12:00:00.000Z",
      frozen: false,
      minBattles: 3,
      prizes: { first: 0, second: 0, third: 0 },
      ladder: [],
      you: null,
      past: [],
    });
    const [row] = await t.db.select().from(pvpSeasons);
    expect(row?.nextDueAt?.toISOString()).toBe("2030-02-12T12:00:00.000Z");
  });

  it("ranks pilots with 3 rated battles by shown rating, then fewer battles, then the earlier reach", async () => {
    for (const name of ["ace", "duo", "tie", "late", "fifth", "newbie"]) field[name] = await pilot(t);
    const at = (ms: number) => new Date(START.getTime() + ms);
    await setSeasonPilot(t, field.ace!, { rating: 1900, battles: 9 });
    await setSeasonPilot(t, field.duo!, { rating: 1800.7, battles: 4 });
    await setSeasonPilot(t, field.tie!, { rating: 1800.2, battles: 4, lastRatedAt: at(-1) });
    await setSeasonPilot(t, field.late!, { rating: 1800.9, battles: 6 });
    await setSeasonPilot(t, field.fifth!, { rating: 1100, battles: 3 });
    // Two battles: not on the ladder yet, however high.
    await setSeasonPilot(t, field.newbie!, { rating: 2500, battles: 2 });
    const season = await seasonOf(field.late!);
    expect(season.ladder).toEqual([
      { place: 1, username: field.ace!.me.username, rating: 1900, battles: 9, isYou: false },
      { place: 2, username: field.tie!.me.username, rating: 1800, battles: 4, isYou: false },
      { place: 3, username: field.duo!.me.username, rating: 1800, battles: 4, isYou: false },
      { place: 4, username: field.late!.me.username, rating: 1800, battles: 6, isYou: true },
      { place: 5, username: field.fifth!.me.username, rating: 1100, battles: 3, isYou: false },
    ]);
    expect(season.you).toBeNull();
    expect((await profileOf(admin, field.late!.me.username)).seasonRank).toBe(4);
    expect((await profileOf(admin, field.newbie!.me.username)).seasonRank).toBeNull();
    before = season;
  });

  it("counts a rated battle toward the season, until the freeze", async () => {
    const [a, b] = [await pilot(t), await pilot(t)];
    await raid(t, a, b);
    expect(await ratingRow(a.id)).toMatchObject({ seasonBattles: 1 });
    expect(await ratingRow(b.id)).toMatchObject({ seasonBattles: 1 });
  });

  it("in the freeze, fights and pays a battle but moves no rating, so the podium cannot change", async () => {
    const { frozenAt } = await seasonOf(admin);
    clock.advance(new Date(frozenAt).getTime() - clock.now().getTime());
    expect((await seasonOf(admin)).frozen).toBe(true);
    // The fifth pilot beats the leader in the last minutes: paid, counted in the records, rated for nobody.
    const [ace, fifth] = [field.ace!, field.fifth!];
    const [aceBefore, fifthBefore] = [await ratingRow(ace.id), await ratingRow(fifth.id)];
    const coinsBefore = await coinsOf(fifth);
    const { battle } = await raid(t, fifth, ace);
    const [result] = await t.db.select().from(pvpResults).where(eq(pvpResults.battleId, battle.id));
    expect(result?.rated).toBe(false);
    expect(await coinsOf(fifth)).toBeGreaterThan(coinsBefore);
    expect(await ratingRow(fifth.id)).toMatchObject({
      rating: fifthBefore?.rating,
      seasonBattles: 3,
      wins: fifthBefore!.wins + 1,
    });
    expect(await ratingRow(ace.id)).toMatchObject({ rating: aceBefore?.rating, seasonBattles: 9 });
    expect((await seasonOf(admin)).ladder).toEqual(before.ladder.map((row) => ({ ...row, isYou: false })));
  });
});

describe("the admin's coins for the podium", () => {
  it("needs a session and an admin", async () => {
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/admin/pvp/season/prizes",
      payload: { first: 1, second: 1, third: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(await setPrizes(field.ace!, { first: 1, second: 1, third: 1 }))).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
    });
  });

  it("refuses a prize that is not a whole number of coins from 0 to the maximum", async () => {
    for (const bad of [{ first: -1 }, { second: 1.5 }, { third: SEASON_PRIZE_MAX + 1 }, { first: "10" }]) {
      const response = await setPrizes(admin, { first: 0, second: 0, third: 0, ...bad });
      expect(errorOf(response), JSON.stringify(bad)).toMatchObject({
        status: 400,
        message: seasonMessages.prizeInvalid,
      });
    }
    expect(errorOf(await setPrizes(admin, { first: 5 }))).toMatchObject({
      status: 400,
      message: seasonMessages.prizeInvalid,
    });
    expect((await seasonOf(admin)).prizes).toEqual({ first: 0, second: 0, third: 0 });
  });

  it("sets the running season's prizes, logged for the admins", async () => {
    const response = await setPrizes(admin, { first: 500, second: 200, third: 100 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "Prizes set for the close of season 1",
      number: 1,
      prizes: { first: 500, second: 200, third: 100 },
    });
    expect((await seasonOf(admin)).prizes).toEqual({ first: 500, second: 200, third: 100 });
    const logged = await t.db
      .select()
      .from(adminOperations)
      .where(eq(adminOperations.action, "pvp_season_prizes"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ adminId: admin.id, result: "success" });
  });
});

describe("the close at the season's end", () => {
  it("waits for the end: the runner leaves a frozen season open", async () => {
    await t.app.reconciler.runOnce();
    expect((await seasonOf(admin)).number).toBe(1);
  });

  it("freezes the standings, pays the podium once, soft-resets every rating and opens season 2", async () => {
    const wallets = await Promise.all([field.ace!, field.tie!, field.duo!].map(coinsOf));
    clock.advance(FREEZE_MS);
    await t.app.reconciler.runOnce();
    await t.app.reconciler.runOnce();
    const past = await pastSeasonOf(field.duo!, 1);
    expect(past).toMatchObject({
      number: 1,
      startsAt: "2030-01-15T12:00:00.000Z",
      endsAt: "2030-02-12T12:00:00.000Z",
      closedAt: "2030-02-12T12:00:00.000Z",
      you: null,
    });
    expect(
      past.standings.map(({ place, username, rating, battles }) => ({ place, username, rating, battles })),
    ).toEqual(
      before.ladder.map(({ place, username, rating, battles }) => ({ place, username, rating, battles })),
    );
    expect(past.standings.map(({ badge, title, coins, isYou }) => ({ badge, title, coins, isYou }))).toEqual([
      { badge: "Champion", title: "Season 1 Champion", coins: 500, isYou: false },
      { badge: "Runner-up", title: "Season 1 Runner-up", coins: 200, isYou: false },
      { badge: "Third place", title: "Season 1 Third place", coins: 100, isYou: true },
      { badge: "Top 10", title: null, coins: 0, isYou: false },
      { badge: "Top 10", title: null, coins: 0, isYou: false },
    ]);
    // Paid once each, by the house, to the podium's wallets.
    expect(await Promise.all([field.ace!, field.tie!, field.duo!].map(coinsOf))).toEqual([
      wallets[0]! + 500,
      wallets[1]! + 200,
      wallets[2]! + 100,
    ]);
    const paid = await t.db.select().from(coinLedger).where(eq(coinLedger.reason, SEASON_PRIZE_REASON));
    expect(paid.map((row) => Number(row.delta)).sort((a, b) => b - a)).toEqual([500, 200, 100]);
    // Halfway back to 1500, the deviation raised to 150, the season's battles back to 0.
    expect(await ratingRow(field.ace!.id)).toMatchObject({ rating: 1700, deviation: 150, seasonBattles: 0 });
    expect(await ratingRow(field.fifth!.id)).toMatchObject({
      rating: 1300,
      deviation: 150,
      seasonBattles: 0,
    });
    expect(await ratingRow(field.newbie!.id)).toMatchObject({ rating: 2000, seasonBattles: 0 });
    const next = await seasonOf(admin);
    expect(next).toMatchObject({
      number: 2,
      startsAt: "2030-02-12T12:00:00.000Z",
      endsAt: "2030-03-12T12:00:00.000Z",
      frozen: false,
      prizes: { first: 0, second: 0, third: 0 },
      ladder: [],
      past: [{ number: 1, endsAt: "2030-02-12T12:00:00.000Z", champion: field.ace!.me.username }],
    });
  });

  it("tells each rewarded pilot once, in the inbox: the season, the place and the coins, linked to its page", async () => {
    const rewards = async (p: Player) =>
      (await p.get("/api/alerts"))
        .json<AlertList>()
        .alerts.filter((a) => a.kind === playerAlertKinds.pvpSeasonReward);
    const [ace] = await rewards(field.ace!);
    expect(await rewards(field.ace!)).toHaveLength(1);
    expect(ace).toMatchObject({
      data: { season: 1, place: 1, badge: "Champion", title: "Champion", coins: 500 },
      link: "/seasons/1",
    });
    expect(alertText(ace!.kind, ace!.data)).toMatchObject({
      title: "Season 1 is over: you placed #1 (500 coins)",
      description: "You earned the title Season 1 Champion and its badge.",
    });
    const [fifth] = await rewards(field.fifth!);
    expect(alertText(fifth!.kind, fifth!.data)).toMatchObject({
      title: "Season 1 is over: you placed #5",
      description: "You earned the Top 10 badge.",
      action: { to: "/seasons/1" },
    });
    // Off the ladder: no place, no alert.
    expect(await rewards(field.newbie!)).toEqual([]);
  });

  it("rates battles again in the new season", async () => {
    const [a, b] = [await pilot(t), await pilot(t)];
    const { battle } = await raid(t, a, b);
    const [result] = await t.db.select().from(pvpResults).where(eq(pvpResults.battleId, battle.id));
    expect(result?.rated).toBe(true);
    expect(await ratingRow(a.id)).toMatchObject({ seasonBattles: 1 });
  });

  it("shows the title and badges on the profile", async () => {
    expect(await profileOf(field.duo!, field.ace!.me.username)).toMatchObject({
      title: "Season 1 Champion",
      badges: [{ season: 1, place: 1, badge: "Champion" }],
      seasonRank: null,
    });
    expect(await profileOf(field.duo!, field.fifth!.me.username)).toMatchObject({
      title: null,
      badges: [{ season: 1, place: 5, badge: "Top 10" }],
    });
  });

  it("names the title beside the author in the chat, as told live and as read back", async () => {
    const line = await said(field.ace!, "gg, season 1");
    expect(line).toMatchObject({ username: field.ace!.me.username, authorTitle: "Season 1 Champion" });
    expect(await said(field.fifth!, "next time")).toMatchObject({ authorTitle: null });
    const read = (await readChat(field.duo!)).messages.filter((m) => m.message === "gg, season 1");
    expect(read).toMatchObject([{ authorTitle: "Season 1 Champion" }]);
  });

  it("answers a season not closed, never opened or no number at all with a clear 404", async () => {
    for (const number of ["2", "99", "0", "01", "1.5", "one", "9999999999"]) {
      const response = await admin.get(`/api/pvp/seasons/${number}`);
      expect(errorOf(response), number).toMatchObject({ status: 404, message: seasonMessages.notFound });
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/pvp/seasons/1" });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/pvp/season" })).statusCode).toBe(401);
  });

  it("keeps a closed season as it was, seasons later", async () => {
    const first = await pastSeasonOf(admin, 1);
    const rows = await t.db.select().from(pvpSeasons).where(eq(pvpSeasons.number, 2));
    clock.advance(new Date(rows[0]!.endsAt).getTime() - clock.now().getTime());
    await t.app.reconciler.runOnce();
    expect((await seasonOf(admin)).past.map((p) => p.number)).toEqual([2, 1]);
    expect(await pastSeasonOf(admin, 1)).toEqual(first);
    // Season 2 had nobody on its ladder: closed with no standings and nothing paid.
    expect((await pastSeasonOf(admin, 2)).standings).toEqual([]);
  });
});

describe("a prize past the coin maximum", () => {
  it("pays what fits and the standings say what was paid", async () => {
    const rich = await pilot(t);
    await setSeasonPilot(t, rich, { rating: 2600, battles: 5 });
    await setCoins(t.db, rich, MAX_BALANCE - 100);
    expect((await setPrizes(admin, { first: 500, second: 0, third: 0 })).statusCode).toBe(200);
    const season = await seasonOf(admin);
    clock.advance(new Date(season.endsAt).getTime() - clock.now().getTime());
    await t.app.reconciler.runOnce();
    const closed = await pastSeasonOf(rich, season.number);
    expect(closed.standings[0]).toMatchObject({ username: rich.me.username, badge: "Champion", coins: 100 });
    expect(await coinsOf(rich)).toBe(MAX_BALANCE);
    await expectLedgerClean(t);
  });
});
