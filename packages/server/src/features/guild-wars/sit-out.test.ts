// 'Sit out the next war': only the guild's leader or an officer may choose it (a member, a non-member, a
// stranger and an unknown or disbanded guild are refused and change nothing); a guild sitting out is not drafted
// whatever its bank holds, and enlisting again makes it eligible, so the runner's next pass drafts it.

import type { GuildWarList, SitOutResponse } from "@bot-arena/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { guilds } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { expectLedgerClean } from "../bots/testing";
import { donate, grantBanks, guildPage, guildWithCrew } from "../guilds/testing";

const clock = testClock();
let t: TestApp;
let viewer: Player;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { reconcilerIntervalMs: 0, guildWar: { registrationSeconds: 60, battleSeconds: 70 } },
  });
  viewer = await signUp(t.app);
});
afterAll(() => t.close());

type Crew = Awaited<ReturnType<typeof guildWithCrew>>;

const sitOut = (player: Player, guildId: string, body: unknown) =>
  player.post(`/api/guilds/${guildId}/sit-out`, body);
const guildRow = async (guildId: string) =>
  (await t.db.select().from(guilds).where(eq(guilds.id, guildId)))[0]!;
const musterRequests = async () =>
  Number(
    rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from war_muster_requests`))[0]?.n,
  );
const activeWars = async () => (await (await viewer.get("/api/guild-wars")).json<GuildWarList>()).active;

/** Five pilots, so it is the strongest guild here: drafted first whenever it is eligible. */
let strong: Crew;
let officer: Player;
let member: Player;

describe("who may choose", () => {
  beforeAll(async () => {
    strong = await guildWithCrew(t, 5);
    officer = strong.crew[1]!;
    member = strong.crew[2]!;
    const promoted = await strong.leader.post(`/api/guilds/${strong.guild.id}/members/${officer.id}/promote`);
    expect(promoted.statusCode).toBe(200);
  });

  it("a plain member, a non-member, a stranger and an unknown or disbanded guild are refused, and nothing changes", async () => {
    const before = await guildRow(strong.guild.id);
    const outsider = await signUp(t.app);
    const lone = await guildWithCrew(t, 1);
    expect((await lone.leader.post(`/api/guilds/${lone.guild.id}/leave`)).json()).toMatchObject({
      disbanded: true,
    });
    const refusals: [Promise<ReturnType<typeof errorOf>>, number, string][] = [
      [
        sitOut(member, strong.guild.id, { sitOut: true }).then(errorOf),
        403,
        "Only the leader or an officer can choose to sit out",
      ],
      [
        sitOut(outsider, strong.guild.id, { sitOut: true }).then(errorOf),
        403,
        "You are not a member of this guild",
      ],
      [
        t.app
          .inject({
            method: "POST",
            url: `/api/guilds/${strong.guild.id}/sit-out`,
            payload: { sitOut: true },
          })
          .then(errorOf),
        401,
        "Not authenticated",
      ],
      [
        sitOut(strong.leader, "00000000-0000-4000-8000-000000000000", { sitOut: true }).then(errorOf),
        404,
        "Guild not found",
      ],
      [sitOut(strong.leader, "not-a-guild", { sitOut: true }).then(errorOf), 404, "Guild not found"],
      // Its last member left: the page still opens, but the guild is gone for every action.
      [sitOut(lone.leader, lone.guild.id, { sitOut: true }).then(errorOf), 404, "Guild not found"],
    ];
    for (const [response, status, message] of refusals) {
      const refused = await response;
      expect([refused.status, refused.message]).toEqual([status, message]);
    }
    expect(await guildRow(strong.guild.id)).toEqual(before);
    expect((await guildRow(lone.guild.id)).sitsOutNextWar).toBe(false);
  });

  it("a body without a yes or no is refused with the contract's message", async () => {
    for (const body of [{}, { sitOut: "yes" }, { sitOut: 1 }]) {
      expect(errorOf(await sitOut(strong.leader, strong.guild.id, body))).toMatchObject({
        status: 400,
        message: "Send sitOut: true to sit out the next war, false to be enlisted again",
      });
    }
    expect((await guildRow(strong.guild.id)).sitsOutNextWar).toBe(false);
  });

  it("an officer chooses to sit out, the leader to enlist again; every member sees it on the guild page", async () => {
    const out = await sitOut(officer, strong.guild.id, { sitOut: true });
    expect(out.statusCode).toBe(200);
    expect(out.json<SitOutResponse>()).toEqual({
      message: "Your guild will sit out the next war",
      sitsOutNextWar: true,
    });
    expect((await guildPage(member, strong.guild.id)).guild.sitsOutNextWar).toBe(true);
    const back = await sitOut(strong.leader, strong.guild.id, { sitOut: false });
    expect(back.json<SitOutResponse>()).toEqual({
      message: "Your guild is enlisted for the next war",
      sitsOutNextWar: false,
    });
    expect((await guildPage(member, strong.guild.id)).guild.sitsOutNextWar).toBe(false);
    // The list's cards carry it too.
    await sitOut(officer, strong.guild.id, { sitOut: true });
    const list = (await member.get("/api/guilds")).json<{
      myGuild: { guild: { sitsOutNextWar: boolean } };
    }>();
    expect(list.myGuild.guild.sitsOutNextWar).toBe(true);
  });
});

describe("the draft", () => {
  let firstWarId: string;
  const waiting: Crew[] = [];

  it("a guild sitting out is not eligible with 500 in its bank, and asks for no muster", async () => {
    const requests = await musterRequests();
    await donate(strong.leader, strong.guild.id, 500);
    expect((await guildPage(member, strong.guild.id)).guild).toMatchObject({
      bankBalance: 500,
      sitsOutNextWar: true,
      isEligibleForWar: false,
    });
    expect(await musterRequests()).toBe(requests);
  });

  it("eight eligible guilds go to war without it, though it is the strongest", async () => {
    const eight: Crew[] = [];
    for (let i = 0; i < 8; i++) eight.push(await guildWithCrew(t, 1 + (i % 2), 499));
    await grantBanks(
      t.db,
      eight.map((c) => c.guild.id),
      1,
    );
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const active = await activeWars();
    expect(active).toHaveLength(1);
    firstWarId = active[0]!.id;
    expect(active[0]!.participants.map((p) => p.guildId).sort()).toEqual(eight.map((c) => c.guild.id).sort());
    expect((await guildPage(member, strong.guild.id)).guild).toMatchObject({
      bankBalance: 500,
      currentWarId: null,
      isEligibleForWar: false,
    });
  });

  it("seven more eligible guilds wait: with it sitting out there are not eight", async () => {
    for (let i = 0; i < 7; i++) waiting.push(await guildWithCrew(t, 1, 499));
    await grantBanks(
      t.db,
      waiting.map((c) => c.guild.id),
      1,
    );
    expect(await t.app.reconciler.runOnce()).toBe(1);
    expect(await activeWars()).toHaveLength(1);
  });

  it("enlisting again makes it eligible: the runner's next pass drafts it with the seven", async () => {
    const response = await sitOut(officer, strong.guild.id, { sitOut: false });
    expect(response.json<SitOutResponse>()).toMatchObject({ sitsOutNextWar: false });
    expect((await guildPage(member, strong.guild.id)).guild).toMatchObject({
      isEligibleForWar: true,
      currentWarId: null,
    });
    expect(await musterRequests()).toBe(1);
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const second = (await activeWars()).find((w) => w.id !== firstWarId)!;
    expect(second.participants.map((p) => p.guildId).sort()).toEqual(
      [strong.guild.id, ...waiting.map((c) => c.guild.id)].sort(),
    );
    // Every bank kept its coins.
    expect((await guildPage(member, strong.guild.id)).guild).toMatchObject({
      bankBalance: 500,
      currentWarId: second.id,
    });
  });

  it("leaves the books clean", async () => {
    await expectLedgerClean(t);
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
  });
});
