import type { Leaderboard } from "@bot-arena/contract";
import { LEADERBOARD_SIZE } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../../test/helpers";
import { bots, pvpSeasonStandings, pvpSeasons } from "../../platform/db/schema";
import { aiBattle, CHAMPION, findOpponent, outcomeOf, pilot, setBot } from "../arena/testing";
import { seasonRow } from "../seasons/seasons";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const boardOf = async (viewer: Awaited<ReturnType<typeof pilot>>) => {
  const response = await viewer.get("/api/leaderboard");
  expect(response.statusCode).toBe(200);
  return response.json<Leaderboard>().entries;
};

describe("the leaderboard", () => {
  it("ranks the top 100 bots by wins, then XP, and marks the viewer's own as 'You'", async () => {
    const owner = await pilot(t, "Filler Zero");
    // 110 bots with a spread of wins and, among equal wins, of XP.
    await t.db.insert(bots).values(
      Array.from({ length: 110 }, (_, i) => ({
        userId: owner.id,
        name: `Filler ${i}`,
        model: "Nova S-4",
        strength: 10,
        agility: 10,
        defense: 10,
        intelligence: 10,
        colorPrimary: "#00d4ff",
        colorSecondary: "#0057ff",
        wins: Math.floor(i / 3),
        xp: (i % 3) * 100,
        level: (i % 3) + 1,
      })),
    );
    const viewer = await pilot(t, "Viewer Unit");
    await setBot(t.db, viewer.bot.id, { wins: 20, xp: 150, level: 2 });

    const board = await boardOf(viewer);
    expect(board).toHaveLength(LEADERBOARD_SIZE);
    expect(board.map((e) => e.rank)).toEqual(Array.from({ length: LEADERBOARD_SIZE }, (_, i) => i + 1));
    for (let i = 1; i < board.length; i++) {
      const [above, below] = [board[i - 1]!, board[i]!];
      expect(above.wins > below.wins || (above.wins === below.wins && above.xp >= below.xp)).toBe(true);
    }
    expect(board[0]).toMatchObject({ name: "Filler 109", wins: 36, xp: 100, level: 2, isYou: false });
    expect(board[0]?.ownerName).toBe(owner.me.username);

    const mine = board.filter((e) => e.isYou);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ botId: viewer.bot.id, name: "Viewer Unit", wins: 20, xp: 150 });
    // Below the 47 fillers with 21 to 36 wins and the one with 20 wins and 200 XP.
    expect(mine[0]?.rank).toBe(49);

    const ownersBoard = await boardOf(owner);
    expect(ownersBoard.filter((e) => e.isYou)).toHaveLength(LEADERBOARD_SIZE - 1);
  });

  it("adds the viewer's best bot with its rank when it is outside the top 100", async () => {
    const straggler = await pilot(t, "Straggler");
    await setBot(t.db, straggler.bot.id, { wins: 1, xp: 50 });
    const response = await straggler.get("/api/leaderboard");
    const { entries, you } = response.json<Leaderboard>();
    expect(entries.some((e) => e.isYou)).toBe(false);
    const above = await t.db.$count(bots, sql`(${bots.wins} > 1) or (${bots.wins} = 1 and ${bots.xp} > 50)`);
    expect(you).toEqual({
      rank: above + 1,
      botId: straggler.bot.id,
      name: "Straggler",
      level: straggler.bot.level,
      wins: 1,
      xp: 50,
      rarity: "common",
      imageUrl: straggler.bot.imageUrl,
      colorPrimary: straggler.bot.colorPrimary,
      colorSecondary: straggler.bot.colorSecondary,
      ownerName: straggler.me.username,
      ownerTitle: null,
      isYou: true,
    });
    expect(you!.rank).toBeGreaterThan(LEADERBOARD_SIZE);
    const inTop = await pilot(t);
    await setBot(t.db, inTop.bot.id, { wins: 1000 });
    expect((await inTop.get("/api/leaderboard")).json<Leaderboard>().you).toBeNull();
  });

  it("moves a bot up as it wins", async () => {
    const climber = await pilot(t, "Climber");
    await setBot(t.db, climber.bot.id, { ...CHAMPION, wins: 5000, xp: 200 });
    await findOpponent(climber);
    await outcomeOf(await aiBattle(climber));
    expect((await boardOf(climber))[0]).toMatchObject({
      botId: climber.bot.id,
      wins: 5001,
      isYou: true,
      rank: 1,
    });
  });

  it("names each owner's latest season title, on the board and on the viewer's own row", async () => {
    const champion = await pilot(t, "Title Holder");
    await setBot(t.db, champion.bot.id, { wins: 9000 });
    const straggler = await pilot(t, "Titled Straggler");
    await t.db.insert(pvpSeasons).values([
      {
        ...seasonRow(41, new Date("2029-01-01T00:00:00Z"), 28),
        closedAt: new Date("2029-01-29T00:00:00Z"),
        nextDueAt: null,
      },
      {
        ...seasonRow(42, new Date("2029-01-29T00:00:00Z"), 28),
        closedAt: new Date("2029-02-26T00:00:00Z"),
        nextDueAt: null,
      },
    ]);
    const standing = (
      seasonNumber: number,
      place: number,
      player: typeof champion,
      title: string | null,
    ) => ({
      seasonNumber,
      place,
      userId: player.id,
      username: player.me.username,
      rating: 1800,
      battles: 9,
      badge: title ?? "Top 10",
      title,
    });
    await t.db
      .insert(pvpSeasonStandings)
      .values([
        standing(41, 1, champion, "Champion"),
        standing(42, 2, champion, "Runner-up"),
        standing(41, 3, straggler, "Third place"),
        standing(42, 5, straggler, null),
      ]);
    const { entries, you } = (await straggler.get("/api/leaderboard")).json<Leaderboard>();
    expect(entries[0]).toMatchObject({ botId: champion.bot.id, ownerTitle: "Season 42 Runner-up" });
    expect(entries.filter((e) => e.ownerTitle !== null)).toHaveLength(1);
    expect(you).toMatchObject({ botId: straggler.bot.id, ownerTitle: "Season 41 Third place" });
  });

  it("needs a session", async () => {
    expect(errorOf(await t.app.inject("/api/leaderboard")).status).toBe(401);
  });
});
