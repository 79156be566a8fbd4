// A war's news in its guilds' chats, driven on a test clock: one system line per guild and war (no author,
// nothing to report, linked to the war), written when the guild is drafted and rewritten as each round is
// revealed (never while it is live) and at the end with the final place and prize; each rewrite arrives live with
// the line's own id and moves it below the players' words. So wars never push players' words out of the 50 lines
// a chat shows.
import type { AddressInfo } from "node:net";
import {
  type ChatMessage,
  chatLiveKinds,
  type GuildWarDetail,
  guildChatChannel,
  type LiveServerMessage,
} from "@bot-arena/contract";
import { CHAT_HISTORY_SIZE, ordinal } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, type TestApp, testClock } from "../../../test/helpers";
import { connectLive, type LiveClient, subscribe } from "../../../test/live-client";
import { chatMessages } from "../../platform/db/schema";
import { readGuildChat } from "../chat/testing";
import { guildWithCrew } from "../guilds/testing";
import { warTestApp } from "./testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const clock = testClock();
let t: TestApp;
let live: LiveClient | null = null;
type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const crews: Crew[] = [];

beforeAll(async () => {
  // No rest after a war here: the same guilds fight war after war, the case that once flooded the chats.
  t = await warTestApp(clock, { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S, restHours: 0 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  for (let i = 0; i < 8; i++) crews.push(await guildWithCrew(t, 1, 500));
});
afterAll(async () => {
  live?.close();
  await t.close();
});

const advance = async (seconds: number) => {
  clock.advance(seconds * 1000);
  return t.app.reconciler.runOnce();
};
const systemLines = async (crew: Crew) =>
  (await readGuildChat(crew.leader)).messages.filter((m) => m.kind === "system");
const crewOf = (guildId: string) => crews.find((c) => c.guild.id === guildId)!;
const warOf = async (crew: Crew, id: string) =>
  (await crew.leader.get(`/api/guild-wars/${id}`)).json<GuildWarDetail>();

describe("a war in the guild chats", () => {
  let war: GuildWarDetail;
  let lineId: string;

  it("tells every drafted guild, live, with one system line linked to the war", async () => {
    const first = crews[0]!;
    live = await connectLive(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      first.leader.cookie,
    );
    await subscribe(live, [guildChatChannel(first.guild.id)]);
    await t.app.reconciler.runOnce();
    const warId = (await first.leader.get("/api/guild-wars")).json<{ active: { id: string }[] }>().active[0]!
      .id;
    war = await warOf(first, warId);
    const drafted = `${war.name}: your guild is in the war; the battle starts when registration ends`;
    for (const crew of crews) {
      expect((await systemLines(crew)).map((m) => [m.message, m.warId])).toEqual([[drafted, war.id]]);
    }
    const event = await live.nextEvent(chatLiveKinds.message);
    const message = event.data?.message as ChatMessage;
    expect(message).toMatchObject({ kind: "system", userId: null, warId: war.id, message: drafted });
    lineId = message.id;
  });

  it("a system line cannot be reported", async () => {
    const [line] = (await readGuildChat(crews[0]!.leader)).messages;
    expect(errorOf(await crews[0]!.leader.post(`/api/chat/messages/${line!.id}/report`, {}))).toMatchObject({
      status: 400,
      message: "System messages cannot be reported",
    });
  });

  it("rewrites the line with the duel wins and place once a round is revealed, not while it is live", async () => {
    await advance(REGISTRATION_S);
    // Round 1 is fought and shown live: the line still says drafted.
    expect((await systemLines(crews[0]!))[0]!.message).toMatch(/your guild is in the war/);
    await advance(BATTLE_S / 7);
    const detail = await warOf(crews[0]!, war.id);
    for (const p of detail.participants) {
      const lines = await systemLines(crewOf(p.guildId));
      expect(lines.map((m) => m.message)).toEqual([
        `${war.name} · round 1 of 7: ${p.duelWins} ${p.duelWins === 1 ? "duel" : "duels"} won, ${ordinal(p.rank)} of 8`,
      ]);
    }
    // The same line, rewritten: its id is kept, and the rewrite arrives live.
    const rewritten = await live!.next(
      (m): m is Extract<LiveServerMessage, { type: "event" }> =>
        m.type === "event" &&
        m.event.kind === chatLiveKinds.message &&
        /round 1 of 7/.test((m.event.data?.message as ChatMessage | undefined)?.message ?? ""),
    );
    expect(rewritten.event.data?.message).toMatchObject({ id: lineId, warId: war.id });
  });

  it("ends with each guild's place and prize, still one line per war; the next war adds one more", async () => {
    for (let round = 2; round <= 7; round++) await advance(BATTLE_S / 7);
    const detail = await warOf(crews[0]!, war.id);
    expect(detail.status).toBe("completed");
    for (const p of detail.participants) {
      const lines = await systemLines(crewOf(p.guildId));
      const prize = p.prizeAmount > 0 ? `, +${p.prizeAmount.toLocaleString("en-US")} coins` : "";
      const wins = `${p.duelWins} ${p.duelWins === 1 ? "duel" : "duels"} won`;
      // This war's one line, then the next war's (the freed guilds, not resting here, were drafted again).
      expect(lines.map((m) => m.message)).toEqual([
        `${war.name} · final: ${ordinal(p.placement!)} place${prize} (${wins})`,
        "Guild War #2: your guild is in the war; the battle starts when registration ends",
      ]);
    }
  });
});

describe("the players' words stay", () => {
  it("48 players' lines, then a whole war and the next drafted: every one is still in the 50 lines shown", async () => {
    const crew = crews[0]!;
    // The lines are written straight to the table: the pace rule (5 in 10 s) is not what this is about.
    // After every line so far (the last war's lines are stamped at the clock's present).
    clock.advance(1000);
    const base = clock.now().getTime();
    const words = Array.from({ length: CHAT_HISTORY_SIZE - 2 }, (_, i) => `rally ${i + 1}`);
    await t.db.insert(chatMessages).values(
      words.map((message, i) => ({
        guildId: crew.guild.id,
        userId: crew.leader.id,
        username: "leader",
        message,
        createdAt: new Date(base + i),
      })),
    );
    // War #2 runs out and war #3 is drafted, each step rewriting a line.
    await advance(REGISTRATION_S);
    for (let round = 1; round <= 7; round++) await advance(BATTLE_S / 7);
    const chat = (await readGuildChat(crew.leader)).messages;
    expect(chat).toHaveLength(CHAT_HISTORY_SIZE);
    const players = chat.filter((m) => m.kind === "player").map((m) => m.message);
    expect(players).toEqual(words);
    // Wars #2 and #3: one line each, below the players' words (war #1's, older than them, is past the window).
    const news = chat.filter((m) => m.kind === "system");
    expect(news.map((m) => m.message.split(/:| ·/)[0])).toEqual(["Guild War #2", "Guild War #3"]);
    expect(chat.slice(-2)).toEqual(news);
  });
});
