// The admins' chat moderation: delete a message, mute a player for a time (and lift it), read reports and
// mutes. Closed to players and to visitors; every action and every refusal lands in the operations log.
import { messages } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { logRows, readChat, said, say, texts } from "./testing";

const clock = testClock(new Date("2030-01-15T12:00:00Z"));
const adminEmail = "chat_mod@arena.test";
const otherAdminEmail = "chat_mod2@arena.test";
let t: TestApp;
let admin: Player;
let otherAdmin: Player;
let player: Player;
let reporter: Player;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail, otherAdminEmail] } });
  admin = await signUp(t.app, { email: adminEmail });
  otherAdmin = await signUp(t.app, { email: otherAdminEmail });
  player = await signUp(t.app);
  reporter = await signUp(t.app);
});
afterAll(() => t.close());

const nextWindow = () => clock.advance(61_000);
const del = (as: Player, id: string) =>
  as.request({ method: "DELETE", url: `/api/admin/chat/messages/${id}` });
const mute = (as: Player, body: unknown) => as.post("/api/admin/chat/mutes", body);

describe("admin routes are closed to players and visitors", () => {
  const routes = [
    { method: "DELETE" as const, url: "/api/admin/chat/messages/00000000-0000-4000-8000-000000000000" },
    {
      method: "POST" as const,
      url: "/api/admin/chat/mutes",
      payload: { userId: "x", minutes: 5, reason: "r" },
    },
    { method: "GET" as const, url: "/api/admin/chat/mutes" },
    { method: "DELETE" as const, url: "/api/admin/chat/mutes/00000000-0000-4000-8000-000000000000" },
    { method: "GET" as const, url: "/api/admin/chat/reports" },
  ];
  it("answers 401 without a session and 'Unauthorized: Admin access required' to a player", async () => {
    for (const route of routes) {
      expect(errorOf(await t.app.inject(route))).toMatchObject({
        status: 401,
        message: messages.notAuthenticated,
      });
      expect(errorOf(await player.request(route))).toMatchObject({
        status: 403,
        message: messages.adminRequired,
      });
    }
  });
});

describe("DELETE /api/admin/chat/messages/:id", () => {
  it("removes the message from every reader's chat and logs who did it", async () => {
    nextWindow();
    const message = await said(player, "delete this");
    const response = await del(admin, message.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Message deleted" });
    expect(texts(await readChat(t.app))).not.toContain("delete this");
    const [row] = await logRows(t, "chat_delete");
    expect(row).toMatchObject({ adminId: admin.id, targetId: message.id, result: "success" });
    expect(row!.detail).toMatchObject({ message: "delete this", username: player.me.username });
    // A second delete changes nothing and logs nothing.
    expect((await del(otherAdmin, message.id)).statusCode).toBe(200);
    expect(await logRows(t, "chat_delete")).toHaveLength(1);
  });

  it("refuses an unknown message and logs the refusal", async () => {
    const id = "00000000-0000-4000-8000-00000000beef";
    expect(errorOf(await del(admin, id))).toMatchObject({ status: 404, message: "Message not found" });
    const [row] = await logRows(t, "chat_delete");
    expect(row).toMatchObject({ targetId: id, result: "error", detail: { message: "Message not found" } });
  });
});

describe("POST /api/admin/chat/mutes", () => {
  it("mutes a player for the given minutes: they are told until when, then may talk again", async () => {
    nextWindow();
    const until = new Date(clock.now().getTime() + 5 * 60_000);
    const shown = `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const response = await mute(admin, { userId: player.id, minutes: 5, reason: "spamming" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `${player.me.username} is muted for 5 minutes`,
      mute: {
        userId: player.id,
        username: player.me.username,
        mutedUntil: until.toISOString(),
        reason: "spamming",
        mutedBy: admin.me.username,
      },
    });
    expect(errorOf(await say(player, "am I muted?"))).toMatchObject({
      status: 403,
      message: `You are muted until ${shown}`,
      fields: { mutedUntil: until.toISOString() },
    });
    expect((await readChat(player)).mutedUntil).toBe(until.toISOString());
    expect((await readChat(reporter)).mutedUntil).toBeNull();
    // A report is a message to the moderators: a muted player cannot send one either, and none is stored.
    const line = await said(reporter, "report me if you can");
    expect(errorOf(await player.post(`/api/chat/messages/${line.id}/report`, {}))).toMatchObject({
      status: 403,
      message: `You are muted until ${shown}`,
    });
    const stored = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from chat_reports where message_id = ${line.id}::uuid`,
      ),
    );
    expect(stored[0]!.n).toBe(0);
    expect((await admin.get("/api/admin/chat/mutes")).json().mutes).toHaveLength(1);
    const [row] = await logRows(t, "chat_mute");
    expect(row).toMatchObject({
      targetId: player.id,
      result: "success",
      detail: { minutes: 5, reason: "spamming" },
    });

    clock.advance(5 * 60_000);
    expect((await say(player, "free again")).statusCode).toBe(201);
    expect((await admin.get("/api/admin/chat/mutes")).json().mutes).toEqual([]);
  });

  it("lifts a mute early", async () => {
    nextWindow();
    await mute(admin, { userId: player.id, minutes: 60, reason: "cool down" });
    const lifted = await admin.request({ method: "DELETE", url: `/api/admin/chat/mutes/${player.id}` });
    expect(lifted.json()).toEqual({ message: `${player.me.username} can chat again` });
    expect((await say(player, "thanks")).statusCode).toBe(201);
    expect((await logRows(t, "chat_unmute"))[0]).toMatchObject({ result: "success" });
  });

  it("refuses bad lengths, no reason, yourself, another admin and an unknown player", async () => {
    const cases: [unknown, number, string][] = [
      [{ userId: player.id, minutes: 0, reason: "x" }, 400, "Mute length must be 1 to 43200 minutes"],
      [{ userId: player.id, minutes: 43_201, reason: "x" }, 400, "Mute length must be 1 to 43200 minutes"],
      [{ userId: player.id, minutes: 5, reason: "   " }, 400, "Please give a reason for the mute"],
      [{ userId: admin.id, minutes: 5, reason: "x" }, 400, "You cannot mute yourself"],
      [{ userId: otherAdmin.id, minutes: 5, reason: "x" }, 403, "Admins cannot be muted"],
      [{ userId: "00000000-0000-4000-8000-000000000000", minutes: 5, reason: "x" }, 404, "Player not found"],
    ];
    for (const [body, status, message] of cases) {
      expect(errorOf(await mute(admin, body))).toMatchObject({ status, message });
    }
    const [row] = await logRows(t, "chat_mute");
    expect(row).toMatchObject({ result: "error", detail: { message: "Player not found" } });
  });
});

describe("GET /api/admin/chat/reports", () => {
  it("lists reported messages with their count and reasons, deleted ones marked", async () => {
    nextWindow();
    const bad = await said(player, "reported line");
    await reporter.post(`/api/chat/messages/${bad.id}/report`, { reason: "insult" });
    await otherAdmin.post(`/api/chat/messages/${bad.id}/report`, {});
    const [report] = (await admin.get("/api/admin/chat/reports")).json().reports;
    expect(report).toMatchObject({
      messageId: bad.id,
      message: "reported line",
      username: player.me.username,
      reportCount: 2,
      reasons: ["insult"],
      deleted: false,
    });
    await del(admin, bad.id);
    expect((await admin.get("/api/admin/chat/reports")).json().reports[0].deleted).toBe(true);
  });
});
