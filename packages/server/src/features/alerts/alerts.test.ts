// The alert inbox: an alert raised anywhere is kept for its player (and only theirs), listed newest first with
// the unread count, marked read one at a time or all at once, told live to the player's tabs, pruned to the
// window (30 days, the newest 200), and neither kept nor told when the raising transaction rolls back.
import type { AddressInfo } from "node:net";
import { ALERTS_READ_KIND, alertMessages, playerAlertKinds } from "@bot-arena/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";
import { hearAlerts } from "../../../test/player-alerts";
import { alerts } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { raiseAlerts } from "./raise";

const adminEmail = "alert_boss@arena.test";
let t: TestApp;
let admin: Player;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail] } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signUp(t.app, { username: "alert_boss", email: adminEmail });
});
afterAll(() => t.close());

const grant = (to: Player, amount: number) =>
  admin.post("/api/admin/grants/coins", { email: to.email, amount, reason: "Inbox test" });
const inbox = async (p: Player) => (await p.get("/api/alerts")).json();
const userIdOf = (p: Player) => p.me.id as UserId;

describe("without a session", () => {
  it.each([
    ["GET", "/api/alerts"],
    ["POST", "/api/alerts/00000000-0000-4000-8000-000000000000/read"],
    ["POST", "/api/alerts/read-all"],
  ] as const)("%s %s answers 401 Not authenticated", async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(errorOf(response)).toMatchObject({ status: 401, message: "Not authenticated" });
  });
});

describe("GET /api/alerts", () => {
  it("keeps what an alert said, newest first, with its link and the unread count", async () => {
    const player = await signUp(t.app);
    expect(await inbox(player)).toEqual({ alerts: [], unreadCount: 0 });
    await grant(player, 150);
    await grant(player, 25);
    const listed = await inbox(player);
    expect(listed.unreadCount).toBe(2);
    expect(listed.alerts).toEqual([
      {
        id: expect.any(String),
        kind: playerAlertKinds.grantReceived,
        data: { coins: 25, itemName: null },
        link: "/bank",
        createdAt: expect.any(String),
        readAt: null,
      },
      expect.objectContaining({ data: { coins: 150, itemName: null } }),
    ]);
    // Nobody else's inbox holds it.
    expect((await inbox(admin)).alerts).toEqual([]);
  });
});

describe("marking read", () => {
  it("one alert: its own, then the count left; the player's tabs hear the count", async () => {
    const player = await signUp(t.app);
    await grant(player, 10);
    await grant(player, 20);
    const [newest, older] = (await inbox(player)).alerts;
    const socket = await connectLive(baseUrl, player.cookie);
    await subscribe(socket, ["me"]);

    const read = await player.post(`/api/alerts/${older.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 1 });
    expect(await socket.nextEvent(ALERTS_READ_KIND)).toMatchObject({ data: { unreadCount: 1 } });
    socket.close();
    const after = await inbox(player);
    expect(after.unreadCount).toBe(1);
    expect(after.alerts.map((a: { id: string; readAt: string | null }) => [a.id, a.readAt !== null])).toEqual(
      [
        [newest.id, false],
        [older.id, true],
      ],
    );
    // Again: nothing changes, the same answer.
    expect((await player.post(`/api/alerts/${older.id}/read`)).json()).toEqual({ unreadCount: 1 });
  });

  it("refuses another player's alert as a missing one and changes nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    await grant(owner, 10);
    const [theirs] = (await inbox(owner)).alerts;
    expect(errorOf(await stranger.post(`/api/alerts/${theirs.id}/read`))).toMatchObject({
      status: 404,
      message: alertMessages.notFound,
    });
    expect((await inbox(owner)).unreadCount).toBe(1);
  });

  it.each([
    ["an id that is not one", "not-an-id", 400, alertMessages.notFound],
    ["an unknown id", "00000000-0000-4000-8000-000000000000", 404, alertMessages.notFound],
    // Past the router's bound on a path part, before any route.
    ["a 2,000-character id", "a".repeat(2000), 400, "Bad request"],
  ])("refuses %s and changes nothing", async (_, id, status, message) => {
    const player = await signUp(t.app);
    await grant(player, 10);
    expect(errorOf(await player.post(`/api/alerts/${id}/read`))).toMatchObject({ status, message });
    expect((await inbox(player)).unreadCount).toBe(1);
  });

  it("all: every one of the player's own, whatever the body names", async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    await grant(player, 1);
    await grant(player, 2);
    await grant(other, 3);
    const [othersAlert] = (await inbox(other)).alerts;
    const read = await player.post("/api/alerts/read-all", { ids: [othersAlert.id], userId: other.me.id });
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect((await inbox(player)).alerts.every((a: { readAt: string | null }) => a.readAt !== null)).toBe(
      true,
    );
    expect((await inbox(other)).unreadCount).toBe(1);
  });
});

describe("raising", () => {
  it("stores each kind's alert, announces it after the commit, and a rollback does neither", async () => {
    const player = await signUp(t.app);
    const heard = await hearAlerts(t.database);
    const data = { minutes: 10, mutedUntil: "2030-01-15T12:10:00.000Z", reason: "Spam" };
    await expect(
      t.db.transaction(async (tx) => {
        await raiseAlerts(tx, [{ userId: userIdOf(player), kind: playerAlertKinds.moderationMuted, data }]);
        throw new Error("the step failed");
      }),
    ).rejects.toThrow("the step failed");
    expect(await heard.settle()).toEqual([]);
    expect((await inbox(player)).alerts).toEqual([]);

    await t.db.transaction((tx) =>
      raiseAlerts(tx, [{ userId: userIdOf(player), kind: playerAlertKinds.moderationMuted, data }]),
    );
    const [stored] = (await inbox(player)).alerts;
    expect(stored).toMatchObject({ kind: playerAlertKinds.moderationMuted, data, link: null });
    const told = await heard.settle();
    expect(told.map((e) => [e.channel, e.kind, e.userId, e.data])).toEqual([
      ["me", playerAlertKinds.moderationMuted, player.me.id, data],
    ]);
    await heard.stop();
  });

  it("keeps the newest 200 of a player's alerts and none older than 30 days", async () => {
    const player = await signUp(t.app);
    const userId = userIdOf(player);
    const old = (daysAgo: number, n: number) => ({
      userId,
      kind: playerAlertKinds.grantReceived,
      data: { coins: n, itemName: null },
      link: "/bank",
      createdAt: sql`now() - make_interval(days => ${daysAgo}, secs => ${n})`,
    });
    // One 31 days old, then 200 from the last days (n = 1 the newest of them).
    await t.db.insert(alerts).values([old(31, 0), ...Array.from({ length: 200 }, (_, i) => old(1, i + 1))]);
    await grant(player, 7);
    const rows = await t.db.select({ data: alerts.data }).from(alerts).where(eq(alerts.userId, userId));
    expect(rows).toHaveLength(200);
    const coins = rows.map((r) => r.data.coins as number).sort((a, b) => a - b);
    // The 31-day-old one and the oldest of the 200 went; the new grant (7 coins) is in beside the 7th newest.
    expect(coins[0]).toBe(1);
    expect(coins.filter((c) => c === 7)).toHaveLength(2);
    expect(coins.at(-1)).toBe(199);
    const listed = await inbox(player);
    expect(listed.alerts).toHaveLength(200);
    expect(listed.alerts[0].data).toEqual({ coins: 7, itemName: null });
    expect(listed.unreadCount).toBe(200);
  });

  it("hides an alert that aged past 30 days before the next one pruned it", async () => {
    const player = await signUp(t.app);
    await t.db.insert(alerts).values({
      userId: userIdOf(player),
      kind: playerAlertKinds.grantReceived,
      data: { coins: 5, itemName: null },
      link: "/bank",
      createdAt: sql`now() - interval '30 days 1 minute'`,
    });
    expect(await inbox(player)).toEqual({ alerts: [], unreadCount: 0 });
  });
});
