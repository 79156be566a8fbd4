// A war's news in its guilds' chats, driven on a test clock: 'Your guild is in the war' when the guild is drafted,
// 'Duel: X beat Y' for each duel when its round is revealed (never while it is still live), and the final place
// with its prize, each a system line (no author, nothing to report) that arrives live like a member's.
import type { AddressInfo } from "node:net";
import { type ChatMessage, chatLiveKinds, type GuildWarDetail, guildChatChannel } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../test/helpers";
import { connectLive, type LiveClient, subscribe } from "../../../test/live-client";
import { readGuildChat } from "../chat/testing";
import { guildWithCrew } from "../guilds/testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const clock = testClock();
let t: TestApp;
let live: LiveClient | null = null;
type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const crews: Crew[] = [];

beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: {
      reconcilerIntervalMs: 0,
      guildWar: { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S },
      // No rest after a war here: the freed guilds are enlisted again at once (rest.test.ts has the rest).
      guildWarRestHours: 0,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  // One-member guilds: one duel per pairing (the other four slots are nobody's), so a round is 4 duels.
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
  (await readGuildChat(crew.leader)).messages.filter((m) => m.kind === "system").map((m) => m.message);

describe("a war in the guild chats", () => {
  let war: GuildWarDetail;

  it("tells every drafted guild, live, with a system line", async () => {
    const first = crews[0]!;
    live = await connectLive(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      first.leader.cookie,
    );
    await subscribe(live, [guildChatChannel(first.guild.id)]);
    await t.app.reconciler.runOnce();
    const warId = (await first.leader.get("/api/guild-wars")).json<{ active: { id: string }[] }>().active[0]!
      .id;
    war = (await first.leader.get(`/api/guild-wars/${warId}`)).json<GuildWarDetail>();
    for (const crew of crews)
      expect(await systemLines(crew)).toEqual([`Your guild is in the war: ${war.name}`]);
    const event = await live.nextEvent(chatLiveKinds.message);
    expect(event.data?.message).toMatchObject({
      kind: "system",
      userId: null,
      message: `Your guild is in the war: ${war.name}`,
    });
  });

  it("a system line cannot be reported", async () => {
    const [line] = (await readGuildChat(crews[0]!.leader)).messages;
    expect(errorOf(await crews[0]!.leader.post(`/api/chat/messages/${line!.id}/report`, {}))).toMatchObject({
      status: 400,
      message: "System messages cannot be reported",
    });
  });

  it("tells each duel once its round is revealed, in both guilds' chats, and not while it is live", async () => {
    await advance(REGISTRATION_S);
    // Round 1 is fought and shown live: no result is told yet.
    for (const crew of crews) expect(await systemLines(crew)).toHaveLength(1);
    await advance(BATTLE_S / 7);
    const detail = (await crews[0]!.leader.get(`/api/guild-wars/${war.id}`)).json<GuildWarDetail>();
    const tagOf = new Map(detail.participants.map((p) => [p.guildId, p.tag]));
    const roundOne = detail.duels.filter((d) => d.round === 1 && d.outcome !== "void");
    expect(roundOne).toHaveLength(4);
    for (const duel of roundOne) {
      const homeWon = duel.winnerGuildId === duel.homeGuildId;
      const [winner, loser] = homeWon
        ? [
            `${duel.homeBot!.name} [${tagOf.get(duel.homeGuildId)}]`,
            `${duel.awayBot!.name} [${tagOf.get(duel.awayGuildId)}]`,
          ]
        : [
            `${duel.awayBot!.name} [${tagOf.get(duel.awayGuildId)}]`,
            `${duel.homeBot!.name} [${tagOf.get(duel.homeGuildId)}]`,
          ];
      const line = `Duel: ${winner} beat ${loser}`;
      for (const guildId of [duel.homeGuildId, duel.awayGuildId]) {
        const crew = crews.find((c) => c.guild.id === guildId)!;
        expect(await systemLines(crew)).toEqual([`Your guild is in the war: ${war.name}`, line]);
      }
    }
  });

  it("ends with each guild's place and prize, after the last round's duels", async () => {
    for (let round = 2; round <= 7; round++) await advance(BATTLE_S / 7);
    const detail = (await crews[0]!.leader.get(`/api/guild-wars/${war.id}`)).json<GuildWarDetail>();
    expect(detail.status).toBe("completed");
    const ordinal = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];
    for (const p of detail.participants) {
      const lines = await systemLines(crews.find((c) => c.guild.id === p.guildId)!);
      // Drafted, one duel in each of the 7 rounds, the final; then, still holding 500, drafted into the next.
      expect(lines).toHaveLength(10);
      expect(lines.slice(1, 8).every((l) => l.startsWith("Duel: "))).toBe(true);
      const prize = p.prizeAmount > 0 ? `, +${p.prizeAmount.toLocaleString("en-US")} coins` : "";
      expect(lines[8]).toBe(`Final: ${ordinal[p.placement! - 1]} place${prize}`);
      expect(lines[9]).toBe("Your guild is in the war: Guild War #2");
    }
    const winner = detail.participants.find((p) => p.placement === 1)!;
    expect((await systemLines(crews.find((c) => c.guild.id === winner.guildId)!))[8]).toBe(
      "Final: 1st place, +2,000 coins",
    );
    const lines: ChatMessage[] = (await readGuildChat(crews[0]!.leader)).messages;
    expect(lines.every((m) => m.userId === null && m.username === "Arena")).toBe(true);
  });
});
