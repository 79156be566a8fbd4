import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, testClock } from "../../../test/helpers";
import { battles, guildWars, tournaments } from "../../platform/db/schema";
import { storedBattle } from "../battles/testing";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

describe("GET /api/stats", () => {
  it("counts from the database: battles of the last hour (and the PvP ones), open tournaments, active guild wars, players", async () => {
    expect((await t.app.inject("/api/stats")).json()).toEqual({
      battlesLastHour: 0,
      pvpBattlesLastHour: 0,
      openTournaments: 0,
      activeGuildWars: 0,
      players: 0,
    });

    const players = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const battle = (createdAt: Date, kind: "ai" | "pvp" | "tournament" = "ai") =>
      storedBattle({ attackerUserId: players[0]!.id, createdAt, kind });
    await t.db
      .insert(battles)
      .values([
        battle(minutesAgo(5)),
        battle(minutesAgo(59), "pvp"),
        battle(minutesAgo(30), "tournament"),
        battle(minutesAgo(61), "pvp"),
      ]);
    const tournament = (status: "pending" | "active" | "completed" | "archived") => ({
      name: `Cup ${status}`,
      status,
      minPlayers: 2,
      maxPlayers: 8,
    });
    await t.db
      .insert(tournaments)
      .values([tournament("pending"), tournament("active"), tournament("completed"), tournament("archived")]);
    await t.db.insert(guildWars).values([
      { name: "War 1", status: "registration" },
      { name: "War 2", status: "battle" },
      { name: "War 3", status: "completed" },
    ]);

    expect((await t.app.inject("/api/stats")).json()).toEqual({
      battlesLastHour: 3,
      pvpBattlesLastHour: 1,
      openTournaments: 2,
      activeGuildWars: 2,
      players: 3,
    });
  });
});
