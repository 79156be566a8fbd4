// The chat's player routes: reading (signed out too), sending under every rule with its message, reports and
// hidden players, each with its permission rules.
import { messages } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { chatMessages, chatReports } from "../../platform/db/schema";
import { blankLines, readChat, said, say, texts } from "./testing";

const clock = testClock();
let t: TestApp;
let ann: Player;
let bob: Player;
beforeAll(async () => {
  t = await createTestApp({ clock });
  ann = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

/** Each test talks in its own 10-second window, so pace limits of one test never touch the next. */
const nextWindow = () => clock.advance(61_000);

describe("GET /api/chat/messages", () => {
  it("is readable signed out: the latest 50, oldest first, with username and time", async () => {
    nextWindow();
    const base = clock.now().getTime();
    await t.db.insert(chatMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: bob.id,
        username: bob.me.username,
        message: `line ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = await readChat(t.app);
    expect(list.messages).toHaveLength(50);
    expect(list.messages[0]).toMatchObject({ message: "line 5", username: bob.me.username, userId: bob.id });
    expect(list.messages.at(-1)!.message).toBe("line 54");
    expect(list.messages[0]!.createdAt).toBe(new Date(base + 5000).toISOString());
    expect(list.mutedUntil).toBeNull();
  });
});

describe("POST /api/chat/messages", () => {
  it("needs a session: 'Not authenticated'", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/chat/messages",
      payload: { message: "hi" },
    });
    expect(errorOf(response)).toMatchObject({ status: 401, message: messages.notAuthenticated });
  });

  it("sends and answers the stored message", async () => {
    nextWindow();
    const sent = await said(ann, "  hello   arena  ");
    expect(sent).toMatchObject({ message: "hello arena", username: ann.me.username, userId: ann.id });
    expect(texts(await readChat(bob)).at(-1)).toBe("hello arena");
  });

  it("takes 200 characters and refuses 201", async () => {
    nextWindow();
    expect((await say(ann, "x".repeat(200))).statusCode).toBe(201);
    expect(errorOf(await say(ann, "y".repeat(201)))).toMatchObject({
      status: 400,
      message: "Message must be at most 200 characters",
    });
  });

  it("sends nothing for only spaces, only zero-width characters, or no message", async () => {
    nextWindow();
    for (const blank of ["     ", "\u200b\u200d\ufeff", "\n\t"]) {
      expect(errorOf(await say(ann, blank))).toMatchObject({
        status: 400,
        message: "Message cannot be empty",
      });
    }
    expect(errorOf(await ann.post("/api/chat/messages", {}))).toMatchObject({
      status: 400,
      message: "Message cannot be empty",
    });
  });

  it("posts no line that shows nothing: fillers, blanks, joiners, selectors, private use, lone marks (issue 43)", async () => {
    nextWindow();
    for (const [line, message] of blankLines) {
      expect(errorOf(await say(ann, line)), JSON.stringify(line)).toMatchObject({ status: 400, message });
    }
    expect((await said(ann, "?")).message).toBe("?");
  });

  it("removes control and zero-width characters and keeps HTML as plain text", async () => {
    nextWindow();
    expect((await said(ann, "a\u0000b\u200bc\u202e d")).message).toBe("abc d");
    expect((await said(ann, "<img src=x onerror=alert(1)>")).message).toBe("<img src=x onerror=alert(1)>");
  });

  it("masks profanity word by word", async () => {
    nextWindow();
    expect((await said(ann, "what the fuck, nice shot")).message).toBe("what the ****, nice shot");
  });

  it("allows 5 messages in 10 seconds, refuses the 6th, and allows again once the window passed", async () => {
    nextWindow();
    for (let i = 1; i <= 5; i++) expect((await say(bob, `burst ${i}`)).statusCode).toBe(201);
    expect(errorOf(await say(bob, "burst 6"))).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: "You are sending messages too fast. Wait a few seconds.",
    });
    clock.advance(10_001);
    expect((await say(bob, "burst 7")).statusCode).toBe(201);
  });

  it("counts only the lines it writes toward the pace: a refused repeat leaves its place free", async () => {
    nextWindow();
    await said(bob, "steady");
    for (let i = 0; i < 3; i++) expect((await say(bob, "steady")).statusCode).toBe(409);
    for (let i = 2; i <= 5; i++) expect((await say(bob, `steady ${i}`)).statusCode).toBe(201);
    expect(errorOf(await say(bob, "steady 6")).status).toBe(429);
  });

  it("refuses the same message twice in a row within a minute", async () => {
    nextWindow();
    await said(ann, "gg all");
    expect(errorOf(await say(ann, "GG  all"))).toMatchObject({
      status: 409,
      message: "You already sent that message",
    });
    clock.advance(60_001);
    expect((await say(ann, "gg all")).statusCode).toBe(201);
  });
});

describe("POST /api/chat/messages/:id/report", () => {
  it("records a report once per player and refuses reporting your own message", async () => {
    nextWindow();
    const message = await said(bob, "report me");
    const first = await ann.post(`/api/chat/messages/${message.id}/report`, { reason: "rude" });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("Message reported. A moderator will take a look.");
    expect((await ann.post(`/api/chat/messages/${message.id}/report`, {})).statusCode).toBe(200);
    const rows = await t.db.select().from(chatReports);
    expect(rows.filter((r) => r.messageId === message.id)).toHaveLength(1);
    expect(errorOf(await bob.post(`/api/chat/messages/${message.id}/report`, {}))).toMatchObject({
      status: 400,
      message: "You cannot report your own message",
    });
  });

  it("refuses an unknown message and no session", async () => {
    expect(
      errorOf(await ann.post("/api/chat/messages/00000000-0000-4000-8000-000000000000/report", {})),
    ).toMatchObject({ status: 404, message: "Message not found" });
    expect(errorOf(await ann.post("/api/chat/messages/nope/report", {}))).toMatchObject({
      status: 400,
      message: "Message not found",
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/chat/messages/00000000-0000-4000-8000-000000000000/report",
      payload: {},
    });
    expect(errorOf(anonymous)).toMatchObject({ status: 401, message: messages.notAuthenticated });
  });
});

describe("hidden players", () => {
  it("hides a player's messages for this reader only, kept on the account, and shows them again", async () => {
    nextWindow();
    const carl = await signUp(t.app);
    await said(carl, "carl speaking");
    const hidden = await ann.post("/api/chat/hidden", { userId: carl.id });
    expect(hidden.json()).toEqual({
      message: `${carl.me.username} is hidden from your chat`,
      players: [{ userId: carl.id, username: carl.me.username }],
    });
    expect(texts(await readChat(ann))).not.toContain("carl speaking");
    expect(texts(await readChat(bob))).toContain("carl speaking");
    expect((await ann.get("/api/chat/hidden")).json().players).toEqual([
      { userId: carl.id, username: carl.me.username },
    ]);
    const shown = await ann.request({ method: "DELETE", url: `/api/chat/hidden/${carl.id}` });
    expect(shown.json()).toEqual({ message: `${carl.me.username} is visible again`, players: [] });
    expect(texts(await readChat(ann))).toContain("carl speaking");
  });

  it("refuses hiding yourself, an unknown player, and no session", async () => {
    expect(errorOf(await ann.post("/api/chat/hidden", { userId: ann.id }))).toMatchObject({
      status: 400,
      message: "You cannot hide yourself",
    });
    expect(
      errorOf(await ann.post("/api/chat/hidden", { userId: "00000000-0000-4000-8000-000000000000" })),
    ).toMatchObject({ status: 404, message: "Player not found" });
    for (const request of [
      { method: "GET" as const, url: "/api/chat/hidden" },
      { method: "POST" as const, url: "/api/chat/hidden", payload: { userId: bob.id } },
      { method: "DELETE" as const, url: `/api/chat/hidden/${bob.id}` },
    ]) {
      expect(errorOf(await t.app.inject(request))).toMatchObject({ status: 401 });
    }
  });
});
