// Guild perks through the API: the leader or an officer buys from the bank, the price leaves through the ledger
// as destroyed coins (`guild_perk`) and the perk shows on the guild's page and card; a stranger, a non-member,
// a plain member, an unknown or disbanded guild, a hostile body, a bank too low, a level already bought and a
// perk at its last level are each refused with their message and change nothing.
import type { BuyPerkResponse, GuildSummary } from "@bot-arena/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger, guilds } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { expectLedgerClean } from "../bots/testing";
import { grantBanks, guildList, guildPage, guildWithCrew } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const buy = (player: Player, guildId: string, body: unknown) =>
  player.post(`/api/guilds/${guildId}/perks`, body);
const guildRow = async (guildId: string) =>
  (await t.db.select().from(guilds).where(eq(guilds.id, guildId)))[0]!;
const perkRows = (guildId: string) =>
  t.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.guildId, guildId), eq(coinLedger.reason, "guild_perk")));

let crew: Crew;
let officer: Player;
let member: Player;

beforeAll(async () => {
  crew = await guildWithCrew(t, 3);
  [, officer, member] = crew.crew as [Player, Player, Player];
  expect(
    (await crew.leader.post(`/api/guilds/${crew.guild.id}/members/${officer.id}/promote`)).statusCode,
  ).toBe(200);
  await grantBanks(t.db, [crew.guild.id], 1_500);
});

describe("who may buy, and what is refused", () => {
  it("a plain member, a non-member, a stranger, an unknown or disbanded guild: refused, nothing changes", async () => {
    const before = await guildRow(crew.guild.id);
    const outsider = await signUp(t.app);
    const lone = await guildWithCrew(t, 1);
    await lone.leader.post(`/api/guilds/${lone.guild.id}/leave`);
    const seats = { perk: "seats", level: 1 };
    const refusals: [Promise<ReturnType<typeof errorOf>>, number, string][] = [
      [
        buy(member, crew.guild.id, seats).then(errorOf),
        403,
        "Only the leader or an officer can buy guild perks",
      ],
      [buy(outsider, crew.guild.id, seats).then(errorOf), 403, "You are not a member of this guild"],
      [
        t.app
          .inject({ method: "POST", url: `/api/guilds/${crew.guild.id}/perks`, payload: seats })
          .then(errorOf),
        401,
        "Not authenticated",
      ],
      [buy(crew.leader, "00000000-0000-4000-8000-000000000000", seats).then(errorOf), 404, "Guild not found"],
      [buy(crew.leader, "not-a-guild", seats).then(errorOf), 404, "Guild not found"],
      [buy(lone.leader, lone.guild.id, seats).then(errorOf), 404, "Guild not found"],
      // 1,500 in the bank: the first seats level costs 2,000.
      [
        buy(crew.leader, crew.guild.id, seats).then(errorOf),
        409,
        "The guild bank needs 2,000 coins for that",
      ],
      [
        buy(officer, crew.guild.id, { perk: "seats", level: 2 }).then(errorOf),
        409,
        "Your guild is at level 0 of this perk now: the level you chose was bought",
      ],
    ];
    for (const [response, status, message] of refusals) {
      const refused = await response;
      expect([refused.status, refused.message]).toEqual([status, message]);
    }
    expect(await guildRow(crew.guild.id)).toEqual(before);
    expect(await perkRows(crew.guild.id)).toEqual([]);
  });

  it("hostile bodies get the contract's or the rulebook's words", async () => {
    const cases: [unknown, string][] = [
      [{}, "Send perk: seats, war_drill or banner"],
      [{ perk: "gold" }, "Send perk: seats, war_drill or banner"],
      [{ perk: "seats" }, "Send the level you mean to buy (1 for the first)"],
      [{ perk: "seats", level: "1" }, "Send the level you mean to buy (1 for the first)"],
      [{ perk: "banner", color: "Beige", emblem: "crown" }, "Choose one of the banner colours"],
      [{ perk: "banner", color: "Lime", emblem: "<script>" }, "Choose one of the banner emblems"],
    ];
    const before = await guildRow(crew.guild.id);
    for (const [body, message] of cases) {
      expect(errorOf(await buy(crew.leader, crew.guild.id, body))).toMatchObject({ status: 400, message });
    }
    expect(await guildRow(crew.guild.id)).toEqual(before);
  });
});

describe("buying", () => {
  it("an officer flies a banner for 1,000: destroyed through the ledger, shown on the page and the card", async () => {
    const response = await buy(officer, crew.guild.id, { perk: "banner", color: "Magenta", emblem: "crown" });
    expect(response.statusCode).toBe(200);
    const bought = response.json<BuyPerkResponse>();
    expect(bought).toMatchObject({ message: "Bought: guild banner", price: 1000 });
    const banner = { color: "Magenta", hex: "#ff2bd6", emblem: "crown" };
    expect(bought.guild).toMatchObject({ bankBalance: 500, perks: { banner } });
    const page = await guildPage(member, crew.guild.id);
    expect(page.guild.perks).toEqual({ seatLevel: 0, warDrillLevel: 0, banner });
    expect(page.bankHistory[0]).toMatchObject({ kind: "perk", delta: -1000, balanceAfter: 500 });
    const card = (await guildList(member)).guilds.find((g: GuildSummary) => g.id === crew.guild.id)!;
    expect(card.perks.banner).toEqual(banner);
    expect((await perkRows(crew.guild.id)).map((r) => [r.account, r.delta, r.refType, r.refId])).toEqual([
      ["guild_bank", -1000, "guild_perk", "banner"],
    ]);
  });

  it("the same banner again is refused; a change costs 250", async () => {
    expect(
      errorOf(await buy(crew.leader, crew.guild.id, { perk: "banner", color: "Magenta", emblem: "crown" })),
    ).toMatchObject({
      status: 409,
      message: "Your guild already flies that banner",
    });
    const changed = (
      await buy(crew.leader, crew.guild.id, { perk: "banner", color: "Lime", emblem: "bolt" })
    ).json<BuyPerkResponse>();
    expect(changed).toMatchObject({
      price: 250,
      guild: { bankBalance: 250, perks: { banner: { color: "Lime", emblem: "bolt" } } },
    });
  });

  it("seats: the leader buys level 1 for 2,000 and the guild holds 25; level 1 again is refused", async () => {
    await grantBanks(t.db, [crew.guild.id], 1_750);
    const bought = (
      await buy(crew.leader, crew.guild.id, { perk: "seats", level: 1 })
    ).json<BuyPerkResponse>();
    expect(bought.guild).toMatchObject({ maxMembers: 25, bankBalance: 0, perks: { seatLevel: 1 } });
    expect((await guildRow(crew.guild.id)).maxMembers).toBe(25);
    expect(errorOf(await buy(officer, crew.guild.id, { perk: "seats", level: 1 }))).toMatchObject({
      status: 409,
      message: "Your guild is at level 1 of this perk now: the level you chose was bought",
    });
  });

  it("the war drill's last level is the cap", async () => {
    await grantBanks(t.db, [crew.guild.id], 15_000);
    for (const level of [1, 2]) {
      expect((await buy(officer, crew.guild.id, { perk: "war_drill", level })).statusCode).toBe(200);
    }
    expect(errorOf(await buy(officer, crew.guild.id, { perk: "war_drill", level: 3 }))).toMatchObject({
      status: 409,
      message: "Your guild already has this perk at its last level",
    });
    expect((await guildPage(member, crew.guild.id)).guild).toMatchObject({
      bankBalance: 0,
      perks: { warDrillLevel: 2 },
    });
  });

  it("leaves the books clean: every price destroyed, nothing else moved", async () => {
    await expectLedgerClean(t);
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
    const spent = (await perkRows(crew.guild.id)).reduce((sum, r) => sum + Number(r.delta), 0);
    expect(spent).toBe(-(1000 + 250 + 2000 + 5000 + 10000));
  });
});
