// Guilds through the API: founding, searching, joining, donating, leaving and the role actions, each refusal
// with its message and status, the bank's history read from the ledger, and power kept current.
import type { ContributeResponse, GuildMessage, LeaveResponse } from "@bot-arena/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { bots, coinLedger, guilds } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { coinsOf, expectLedgerClean, setCoins } from "../bots/testing";
import { donate, foundGuild, guildList, guildNames, guildPage, guildWithCrew, pilot } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someId = "00000000-0000-4000-8000-000000000000";

describe("without a session", () => {
  it.each([
    ["GET", "/api/guilds"],
    ["POST", "/api/guilds"],
    ["GET", `/api/guilds/${someId}`],
    ["POST", `/api/guilds/${someId}/join`],
    ["POST", `/api/guilds/${someId}/contribute`],
    ["POST", `/api/guilds/${someId}/leave`],
    ["POST", `/api/guilds/${someId}/members/${someId}/promote`],
    ["POST", `/api/guilds/${someId}/members/${someId}/demote`],
    ["POST", `/api/guilds/${someId}/members/${someId}/remove`],
  ] as const)("%s %s answers 401 Not authenticated", async (method, url) => {
    const response = await t.app.inject({ method, url, payload: { amount: 10, name: "X", tag: "X" } });
    expect(errorOf(response)).toMatchObject({ status: 401, message: "Not authenticated" });
  });
});

describe("founding a guild", () => {
  it("costs 100 coins (destroyed), makes the founder its leader, and says 'Guild created successfully!'", async () => {
    const founder = await pilot(t);
    const response = await founder.post("/api/guilds", {
      name: "  Iron Fist  ",
      tag: " IRN ",
      description: "We punch",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      message: "Guild created successfully!",
      newCoins: 900,
      guild: {
        name: "Iron Fist",
        tag: "IRN",
        description: "We punch",
        memberCount: 1,
        maxMembers: 20,
        bankBalance: 0,
        // The founder's first bot: 15 + 10 + 10 + 5.
        totalPower: 40,
        isEligibleForWar: false,
        progress: { current: 0, needed: 500, percent: 0 },
      },
    });
    const [fee] = await t.db.select().from(coinLedger).where(eq(coinLedger.refId, body.guild.id));
    expect(fee).toMatchObject({ reason: "guild_create", delta: -100, account: "wallet" });
    const page = await guildPage(founder, body.guild.id);
    expect(page.myRole).toBe("leader");
    expect(page.members).toEqual([
      expect.objectContaining({
        userId: founder.id,
        shortId: founder.id.slice(0, 8),
        role: "leader",
        power: 40,
      }),
    ]);
  });

  it.each([
    [{ name: "", tag: "ABC" }, "Name and tag are required"],
    [{ name: "Named", tag: "   " }, "Name and tag are required"],
    [{ tag: "ABC" }, "Name and tag are required"],
    [{ name: "n".repeat(31), tag: "A" }, "Guild name must be at most 30 characters"],
    [{ name: "Okay", tag: "TOOLNG" }, "Guild tag must be at most 5 characters"],
    [{ name: "Okay", tag: "OK", description: "d".repeat(201) }, "Description must be at most 200 characters"],
  ])("refuses %j with '%s'", async (body, message) => {
    const player = await signUp(t.app);
    const response = await player.post("/api/guilds", body);
    expect(errorOf(response)).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("accepts exactly 30 characters of name, 5 of tag and 200 of description", async () => {
    const player = await signUp(t.app);
    const guild = await foundGuild(player, {
      name: `${"n".repeat(29)}x`,
      tag: "ABCDE",
      description: "d".repeat(200),
    });
    expect(guild.name).toHaveLength(30);
  });

  it("refuses a name or a tag another live guild holds, ignoring case, and keeps the fee", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const names = guildNames("Twin");
    await foundGuild(a, names);
    const sameName = await b.post("/api/guilds", { name: names.name.toUpperCase(), tag: "ZZ9" });
    expect(errorOf(sameName)).toMatchObject({
      status: 409,
      message: "A guild with that name already exists",
    });
    const sameTag = await b.post("/api/guilds", { name: "Another One", tag: names.tag.toLowerCase() });
    expect(errorOf(sameTag)).toMatchObject({ status: 409, message: "A guild with that tag already exists" });
    expect(await coinsOf(b)).toBe(1000);
  });

  it("refuses a player already in a guild, and one without 100 coins", async () => {
    const member = await signUp(t.app);
    await foundGuild(member);
    expect(errorOf(await member.post("/api/guilds", guildNames()))).toMatchObject({
      status: 409,
      message: "You are already in a guild",
    });
    const poor = await signUp(t.app);
    await setCoins(t.db, poor, 99);
    expect(errorOf(await poor.post("/api/guilds", guildNames()))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
  });
});

describe("the guild list", () => {
  it("searches name or tag ignoring case, orders by power, and shows the player's own guild", async () => {
    const strong = await pilot(t);
    const names = guildNames("Neon Owls");
    const owls = await foundGuild(strong, { ...names, tag: "OWL7" });
    const viewer = await signUp(t.app);
    expect((await guildList(viewer, "neon owls")).guilds.map((g) => g.id)).toContain(owls.id);
    expect((await guildList(viewer, "owl7")).guilds.map((g) => g.id)).toEqual([owls.id]);
    expect((await guildList(viewer, "%")).guilds).toEqual([]);
    const all = await guildList(viewer);
    const powers = all.guilds.map((g) => g.totalPower);
    expect(powers).toEqual([...powers].sort((x, y) => y - x));
    expect(all.myGuild).toBeNull();
    expect((await guildList(strong)).myGuild).toMatchObject({ role: "leader", guild: { id: owls.id } });
  });
});

describe("a guild's page", () => {
  it("answers 404 'Guild not found' for an unknown or malformed id", async () => {
    const viewer = await signUp(t.app);
    for (const id of [someId, "not-a-uuid"]) {
      expect(errorOf(await viewer.get(`/api/guilds/${id}`))).toMatchObject({
        status: 404,
        message: "Guild not found",
      });
    }
  });

  it("shows a non-member the guild without a role, and the last 10 contributions newest first", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    for (let i = 1; i <= 12; i++) await donate(leader, guild.id, i);
    const page = await guildPage(await signUp(t.app), guild.id);
    expect(page.myRole).toBeNull();
    expect(page.viewerInGuild).toBe(false);
    expect(page.recentContributions.map((c) => c.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(page.recentContributions[0]?.username).toBe(leader.me.username);
  });
});

describe("joining", () => {
  it("says 'Joined guild successfully!' and adds the player's power", async () => {
    const { guild } = await guildWithCrew(t, 1);
    const joiner = await pilot(t);
    const response = await joiner.post(`/api/guilds/${guild.id}/join`);
    expect(response.json<GuildMessage>()).toEqual({ message: "Joined guild successfully!" });
    const page = await guildPage(joiner, guild.id);
    expect(page.guild).toMatchObject({ memberCount: 2, totalPower: 80 });
    expect(page.myRole).toBe("member");
  });

  it("refuses a player in a guild, a full guild, and an unknown guild", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    const other = await guildWithCrew(t, 1);
    expect(errorOf(await leader.post(`/api/guilds/${other.guild.id}/join`))).toMatchObject({
      status: 409,
      message: "You are already in a guild",
    });
    await t.db.update(guilds).set({ memberCount: 20 }).where(eq(guilds.id, guild.id));
    expect(errorOf(await (await signUp(t.app)).post(`/api/guilds/${guild.id}/join`))).toMatchObject({
      status: 409,
      code: "LIMIT_REACHED",
      message: "Guild is full",
    });
    expect(errorOf(await (await signUp(t.app)).post(`/api/guilds/${someId}/join`))).toMatchObject({
      status: 404,
      message: "Guild not found",
    });
  });
});

describe("donating", () => {
  it("moves wallet coins to the bank and says 'Contributed N coins!'", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    const response = await leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 250 });
    expect(response.json<ContributeResponse>()).toEqual({
      message: "Contributed 250 coins!",
      newCoins: 650,
      bankBalance: 250,
      contributionTotal: 250,
    });
    const page = await guildPage(leader, guild.id);
    expect(page.guild.progress).toEqual({ current: 250, needed: 500, percent: 50 });
    expect(page.members[0]?.contributionTotal).toBe(250);
  });

  it.each([0, -5, 1.5, "100", "abc", null])(
    "refuses %j with 'Please enter a valid amount'",
    async (amount) => {
      const { guild, leader } = await guildWithCrew(t, 1);
      const response = await leader.post(`/api/guilds/${guild.id}/contribute`, { amount });
      expect(errorOf(response)).toMatchObject({ status: 400, message: "Please enter a valid amount" });
    },
  );

  it("takes 1000 at once but not 1001", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    await setCoins(t.db, leader, 5000);
    expect(errorOf(await leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 1001 }))).toMatchObject({
      status: 400,
      message: "You can contribute at most 1000 coins at a time",
    });
    expect((await leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 1000 })).statusCode).toBe(200);
  });

  it("refuses a non-member and a donor without the coins, moving nothing", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    const stranger = await signUp(t.app);
    expect(errorOf(await stranger.post(`/api/guilds/${guild.id}/contribute`, { amount: 10 }))).toMatchObject({
      status: 403,
      message: "You are not a member of this guild",
    });
    expect(await coinsOf(stranger)).toBe(1000);
    await setCoins(t.db, leader, 5);
    expect(errorOf(await leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 10 }))).toMatchObject({
      status: 409,
      message: "Not enough coins!",
    });
    expect((await guildPage(leader, guild.id)).guild.bankBalance).toBe(0);
  });

  it("makes the guild war-eligible at 500 and lists every donation in the bank history with who and when", async () => {
    const { guild, leader, crew } = await guildWithCrew(t, 2);
    await donate(leader, guild.id, 300);
    await donate(crew[1]!, guild.id, 200);
    const page = await guildPage(leader, guild.id);
    expect(page.guild).toMatchObject({
      bankBalance: 500,
      isEligibleForWar: true,
      progress: { percent: 100 },
    });
    expect(page.bankHistory.map((e) => [e.kind, e.delta, e.balanceAfter, e.username])).toEqual([
      ["donation", 200, 500, crew[1]!.me.username],
      ["donation", 300, 300, leader.me.username],
    ]);
    expect(Date.parse(page.bankHistory[0]!.createdAt)).not.toBeNaN();
  });
});

describe("leaving", () => {
  it("refuses a non-member with 403", async () => {
    const { guild } = await guildWithCrew(t, 1);
    expect(errorOf(await (await signUp(t.app)).post(`/api/guilds/${guild.id}/leave`))).toMatchObject({
      status: 403,
      message: "You are not a member of this guild",
    });
  });

  it("a member leaves with 'Left guild successfully' and takes their power along", async () => {
    const { guild, crew } = await guildWithCrew(t, 2);
    const response = await crew[1]!.post(`/api/guilds/${guild.id}/leave`);
    expect(response.json<LeaveResponse>()).toEqual({
      message: "Left guild successfully",
      disbanded: false,
      newLeaderId: null,
    });
    expect((await guildPage(crew[0]!, guild.id)).guild).toMatchObject({ memberCount: 1, totalPower: 40 });
  });

  it("a leaving leader hands over to the officer with the most contribution, before any member", async () => {
    const { guild, leader, crew } = await guildWithCrew(t, 4);
    const [, rich, officerA, officerB] = crew;
    await donate(rich!, guild.id, 500);
    await donate(officerA!, guild.id, 10);
    await donate(officerB!, guild.id, 20);
    await leader.post(`/api/guilds/${guild.id}/members/${officerA!.id}/promote`);
    await leader.post(`/api/guilds/${guild.id}/members/${officerB!.id}/promote`);
    const left = (await leader.post(`/api/guilds/${guild.id}/leave`)).json<LeaveResponse>();
    expect(left.newLeaderId).toBe(officerB!.id);
    const page = await guildPage(officerB!, guild.id);
    expect(page.myRole).toBe("leader");
    expect(page.members.find((m) => m.userId === rich!.id)?.role).toBe("member");
  });

  it("the last member disbands the guild: it leaves the list, its bank goes to the house, its name is free", async () => {
    const { guild, leader } = await guildWithCrew(t, 1, 300);
    const response = await leader.post(`/api/guilds/${guild.id}/leave`);
    expect(response.json<LeaveResponse>()).toMatchObject({
      message: "Left guild successfully",
      disbanded: true,
    });
    const [row] = await t.db.select().from(guilds).where(eq(guilds.id, guild.id));
    expect(row).toMatchObject({ bankBalance: 0, memberCount: 0 });
    expect(row?.disbandedAt).not.toBeNull();
    const [cut] = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.guildId, guild.id), eq(coinLedger.reason, "house_cut_guild_disbanded")));
    expect(cut?.delta).toBe(-300);
    expect((await guildList(leader)).guilds.map((g) => g.id)).not.toContain(guild.id);
    expect((await guildPage(leader, guild.id)).bankHistory[0]).toMatchObject({
      kind: "disband",
      delta: -300,
    });
    expect(errorOf(await (await signUp(t.app)).post(`/api/guilds/${guild.id}/join`)).status).toBe(404);
    await foundGuild(await signUp(t.app), { name: guild.name, tag: guild.tag });
  });
});

describe("roles", () => {
  const act = (player: Player, guildId: string, action: string, targetId: string) =>
    player.post(`/api/guilds/${guildId}/members/${targetId}/${action}`);

  it("the leader promotes a member to officer and demotes an officer", async () => {
    const { guild, leader, crew } = await guildWithCrew(t, 2);
    const member = crew[1]!;
    expect((await act(leader, guild.id, "promote", member.id)).json()).toEqual({
      message: `${member.me.username} is now an officer`,
    });
    expect((await guildPage(leader, guild.id)).members.find((m) => m.userId === member.id)?.role).toBe(
      "officer",
    );
    expect((await act(leader, guild.id, "demote", member.id)).json()).toEqual({
      message: `${member.me.username} is now a member`,
    });
  });

  it("an officer cannot promote, demote or remove the leader, but removes a member", async () => {
    const { guild, leader, crew } = await guildWithCrew(t, 3);
    const [, officer, member] = crew;
    await act(leader, guild.id, "promote", officer!.id);
    expect(errorOf(await act(officer!, guild.id, "promote", member!.id))).toMatchObject({
      status: 403,
      message: "Only the guild leader can promote members",
    });
    expect(errorOf(await act(officer!, guild.id, "remove", leader.id))).toMatchObject({
      status: 403,
      message: "You can only remove members below your rank",
    });
    expect(errorOf(await act(officer!, guild.id, "demote", officer!.id))).toMatchObject({
      status: 403,
      message: "You cannot do that to yourself",
    });
    expect((await act(officer!, guild.id, "remove", member!.id)).json()).toEqual({
      message: `${member!.me.username} was removed from the guild`,
    });
    expect((await guildPage(leader, guild.id)).guild.memberCount).toBe(2);
    expect((await guildList(member!)).myGuild).toBeNull();
  });

  it("a member removes nobody; an outsider and an unknown target are refused", async () => {
    const { guild, crew } = await guildWithCrew(t, 3);
    const [leader, member, other] = crew;
    expect(errorOf(await act(member!, guild.id, "remove", other!.id))).toMatchObject({
      status: 403,
      message: "You can only remove members below your rank",
    });
    expect(errorOf(await act(await signUp(t.app), guild.id, "remove", other!.id))).toMatchObject({
      status: 403,
      message: "You are not a member of this guild",
    });
    expect(errorOf(await act(leader!, guild.id, "remove", someId))).toMatchObject({
      status: 403,
      message: "That player is not in this guild",
    });
  });
});

describe("power stays current", () => {
  it("follows a member's active bot as it is trained, switched and recycled", async () => {
    const { guild, leader } = await guildWithCrew(t, 1);
    const [bot] = await t.db.select().from(bots).where(eq(bots.userId, leader.id));
    await t.db.update(bots).set({ strength: 25 }).where(eq(bots.id, bot!.id));
    expect((await guildPage(leader, guild.id)).guild.totalPower).toBe(50);
    await t.db.update(bots).set({ isActive: false }).where(eq(bots.id, bot!.id));
    expect((await guildPage(leader, guild.id)).guild.totalPower).toBe(0);
    await t.db.update(bots).set({ isActive: true }).where(eq(bots.id, bot!.id));
    await t.db.delete(bots).where(eq(bots.id, bot!.id));
    expect((await guildPage(leader, guild.id)).guild.totalPower).toBe(0);
  });
});

describe("the books", () => {
  it("balance after all of the above: ledger and economy audit clean", async () => {
    await expectLedgerClean(t);
    // Test grants set wallets up; they are the only reason the audit does not know.
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
  });
});
