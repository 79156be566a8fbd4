// The house rules against farming free coins (issue 38) through the API, with the real thresholds: cash-outs
// open after 7 days and 20 battles (the bank says how far), 500 coins a UTC day per account and per gamertag,
// accounts linked by a device or an address (and the coins that moved between them through the marketplace) held
// for review with the reasons in words, a gamertag that belongs to another account held, and an operator's freeze
// of an account and its linked accounts (no cash-out, listing, purchase or donation; play goes on). Every refusal
// leaves every balance and record as it was.
import { randomBytes } from "node:crypto";
import { adminCashoutMessages } from "@bot-arena/contract";
import { cashoutMessages, messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  asPlayer,
  createTestApp,
  errorOf,
  type Player,
  sessionCookieOf,
  signUp,
  type TestApp,
  testClock,
} from "../../../test/helpers";
import { loadConfig } from "../../platform/config";
import { battles, cashoutRequests, marketplaceListings } from "../../platform/db/schema";
import { listAdminOperations } from "../../platform/ops-log";
import { expectAdminOnly } from "../admin/access";
import { storedBattle } from "../battles/testing";
import { createBot, expectLedgerClean, listOnMarket } from "../bots/testing";
import { foundGuild } from "../guilds/testing";
import { balancesOf, insertBot, setVault } from "./economy-test-kit";

const DAY = 24 * 60 * 60 * 1000;
const adminEmail = "farm-watch@arena.test";
const clock = testClock(new Date("2030-03-10T12:00:00Z"));
let t: TestApp;
let signedUpAdmin: Player;

beforeAll(async () => {
  // The production rules, as an operator gets them without settings.
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail], cashout: loadConfig({}).cashout } });
  signedUpAdmin = await signUp(t.app, { email: adminEmail });
});

/** The admin, signed in afresh: this file moves the clock past a session's 30 days. */
async function admin(): Promise<Player> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email: adminEmail, password: signedUpAdmin.password },
  });
  return asPlayer(t.app, sessionCookieOf(response)!, signedUpAdmin.me);
}
afterAll(() => t.close());
afterEach(() => expectLedgerClean(t));

const device = () => randomBytes(32).toString("base64url");
let nextSubnet = 0;
const address = () => `127.250.${++nextSubnet}.1`;

/** Battles the player fought (rows as the arena writes them, without playing each). */
async function fought(player: Player, count: number) {
  const rows = Array.from({ length: count }, () => storedBattle({ attackerUserId: player.id }));
  if (rows.length > 0) await t.db.insert(battles).values(rows);
}

/** An account old enough and seasoned enough to cash out, with `vault` coins banked. */
async function veteran(options: { vault?: number; device?: string; remoteAddress?: string } = {}) {
  const player = await signUp(t.app, {
    device: options.device ?? device(),
    remoteAddress: options.remoteAddress ?? address(),
  });
  await fought(player, 20);
  await setVault(t.db, player, options.vault ?? 1000);
  return player;
}
/** Lets every account made so far reach its 7 days. */
const aWeekPasses = () => clock.advance(7 * DAY);

const ask = (p: Player, gamertag: string, amount: number) =>
  p.post("/api/bank/cashout", { gamertag, amount });
const standing = async (p: Player) => (await p.get("/api/bank")).json().cashout;
const requestsOf = (p: Player) => t.db.select().from(cashoutRequests).where(eq(cashoutRequests.userId, p.id));
const queueEntry = async (id: string) =>
  (await (await admin()).get("/api/admin/cashouts"))
    .json()
    .cashouts.find((entry: { id: string }) => entry.id === id);

describe("the gate: 7 days and 20 battles", () => {
  it("the bank says how far a new account is, and a request is refused until then with nothing moved", async () => {
    const player = await signUp(t.app);
    await setVault(t.db, player, 400);
    expect(await standing(player)).toMatchObject({
      open: false,
      lockedMessage: "Cash-outs open after 7 days and 20 battles: 7 days and 20 battles to go",
      daysToGo: 7,
      battlesToGo: 20,
      availableNow: 0,
    });
    expect(errorOf(await ask(player, "early", 100))).toMatchObject({
      status: 403,
      message: "Cash-outs open after 7 days and 20 battles: 7 days and 20 battles to go",
    });
    clock.advance(8 * DAY);
    await fought(player, 8);
    expect((await standing(player)).lockedMessage).toBe(
      "Cash-outs open after 7 days and 20 battles: 12 battles to go",
    );
    expect(errorOf(await ask(player, "early", 100)).message).toBe(
      "Cash-outs open after 7 days and 20 battles: 12 battles to go",
    );
    expect(await requestsOf(player)).toEqual([]);
    expect(await balancesOf(t.db, player.id)).toMatchObject({ vaultCoins: 400 });
    await fought(player, 12);
    expect(await standing(player)).toMatchObject({
      open: true,
      lockedMessage: null,
      availableNow: 400,
      leftToday: 500,
    });
  });

  it("the spec's refusals come first, in the spec's words", async () => {
    const player = await signUp(t.app);
    expect(errorOf(await ask(player, "x".repeat(36), 10)).message).toBe(messages.invalidGamertag);
    expect(errorOf(await ask(player, "fine", 10)).message).toBe(messages.insufficientVault);
  });
});

describe("the daily maximum: 500 coins per account and per gamertag", () => {
  it("counts the account's requests of the UTC day, refunds left out", async () => {
    const player = await veteran();
    aWeekPasses();
    expect((await ask(player, "daily_one", 300)).statusCode).toBe(200);
    expect(errorOf(await ask(player, "daily_one", 201))).toMatchObject({
      status: 409,
      message: cashoutMessages.dailyLeft(500, 200),
    });
    expect((await standing(player)).leftToday).toBe(200);
    const [first] = await requestsOf(player);
    await (await admin()).post(`/api/admin/cashouts/${first!.id}/refund`, { reason: "asked twice" });
    expect((await standing(player)).leftToday).toBe(500);
    clock.advance(DAY);
    expect((await standing(player)).leftToday).toBe(500);
  });

  it("counts a gamertag's coins from every account", async () => {
    const [one, two] = [await veteran(), await veteran()];
    aWeekPasses();
    expect((await ask(one, "shared_tag", 450)).statusCode).toBe(200);
    expect(errorOf(await ask(two, "Shared_Tag", 51))).toMatchObject({
      status: 409,
      message: cashoutMessages.gamertagDailyLeft(500, 50),
    });
    expect(await requestsOf(two)).toEqual([]);
  });
});

describe("linked accounts and the risk assessment", () => {
  it("a request with nothing unusual waits for no one", async () => {
    const player = await veteran();
    aWeekPasses();
    const request = (await ask(player, "clean_tag", 200)).json().request;
    expect(request.phase).toBe("processing");
    expect(await queueEntry(request.id)).toMatchObject({
      stage: "manual",
      risk: { score: 0, reasons: [] },
      linked: [],
    });
  });

  it("a shared device holds the request, and the queue names the link", async () => {
    const shared = device();
    const first = await veteran({ device: shared });
    const second = await veteran({ device: shared });
    aWeekPasses();
    const request = (await ask(second, "device_tag", 100)).json().request;
    expect(request.phase).toBe("under_review");
    const entry = await queueEntry(request.id);
    expect(entry).toMatchObject({
      stage: "review",
      risk: { score: 40, reasons: [`Shares a device with 1 other account: ${first.me.username}`] },
      linked: [{ userId: first.id, username: first.me.username, device: true, address: false, coinsIn: 0 }],
      accountDays: 7,
      battles: 20,
    });
    expect((await second.get("/api/bank")).json().cashouts[0].phase).toBe("under_review");
  });

  it("a shared address links accounts made within 30 days of each other, not later", async () => {
    const where = address();
    const early = await veteran({ remoteAddress: where });
    clock.advance(31 * DAY);
    const late = await veteran({ remoteAddress: where });
    const near = await veteran({ remoteAddress: where });
    aWeekPasses();
    const lateRequest = (await ask(late, "address_tag", 100)).json().request;
    const entry = await queueEntry(lateRequest.id);
    expect(entry.risk.reasons).toEqual([`Shares an address with 1 other account: ${near.me.username}`]);
    expect(entry.linked.map((link: { username: string }) => link.username)).not.toContain(early.me.username);
  });

  it("coins gathered from linked accounts through the marketplace are counted and named", async () => {
    const farmDevice = device();
    const farmAddress = address();
    const main = await veteran({ device: farmDevice, remoteAddress: farmAddress, vault: 0 });
    const alts = [
      await veteran({ device: farmDevice, remoteAddress: farmAddress }),
      await veteran({ device: farmDevice, remoteAddress: farmAddress }),
    ];
    for (const alt of alts) {
      const bot = await insertBot(t.db, main);
      await listOnMarket(t.db, main, bot.id, 400);
      const [listing] = await t.db
        .select()
        .from(marketplaceListings)
        .where(eq(marketplaceListings.botId, bot.id));
      expect((await alt.post(`/api/marketplace/listings/${listing!.id}/buy`)).statusCode).toBe(200);
    }
    await setVault(t.db, main, 500);
    aWeekPasses();
    const request = (await ask(main, "gathered", 500)).json().request;
    const entry = await queueEntry(request.id);
    expect(entry.risk.reasons).toContain(
      `800 coins came from linked accounts (${alts
        .map((alt) => alt.me.username)
        .sort()
        .join(", ")})`,
    );
    expect(
      entry.linked.every((link: { device: boolean; address: boolean }) => link.device && link.address),
    ).toBe(true);
    expect(entry.linked.map((link: { coinsIn: number }) => link.coinsIn)).toEqual([400, 400]);
    expect(entry.risk.score).toBe(40 + 35);
  });

  it("a gamertag already paid to another account, and a second request in a day, are held with the reasons", async () => {
    const [owner, other] = [await veteran(), await veteran()];
    aWeekPasses();
    const paid = (await ask(owner, "owned_tag", 100)).json().request;
    await (await admin()).post(`/api/admin/cashouts/${paid.id}/paid`, { reference: "LN-1" });
    const second = (await ask(other, "OWNED_TAG", 100)).json().request;
    expect((await queueEntry(second.id)).risk.reasons).toEqual([
      `The gamertag was used by 1 other account: ${owner.me.username}`,
    ]);
    const again = (await ask(owner, "owned_tag", 100)).json().request;
    expect((await queueEntry(again.id)).risk.reasons).toEqual(["1 other request in the last 24 hours"]);
  });
});

describe("an operator's freeze", () => {
  it("stops an account and its linked accounts from cashing out, listing, buying and donating; play goes on", async () => {
    const farm = device();
    const [main, alt] = [await veteran({ device: farm }), await veteran({ device: farm })];
    const bystander = await veteran();
    aWeekPasses();
    const frozen = await (await admin()).post(`/api/admin/accounts/${main.id}/freeze`, {
      reason: "Farm of two",
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ message: adminCashoutMessages.frozen(2) });
    expect(
      frozen
        .json()
        .frozen.map((row: { userId: string }) => row.userId)
        .sort(),
    ).toEqual([main.id, alt.id].sort());
    const before = await balancesOf(t.db, alt.id);
    expect(await standing(alt)).toMatchObject({
      open: false,
      frozen: true,
      lockedMessage: cashoutMessages.frozen,
    });
    expect(errorOf(await ask(alt, "frozen_tag", 10))).toMatchObject({
      status: 403,
      message: cashoutMessages.frozen,
    });
    const bot = await createBot(alt, { name: "Frozen Asset" });
    expect(errorOf(await alt.post("/api/marketplace/listings", { botId: bot.id, price: 100 }))).toMatchObject(
      { status: 403, message: cashoutMessages.frozen },
    );
    const offered = await createBot(bystander, { name: "Honest Offer" });
    await listOnMarket(t.db, bystander, offered.id, 50);
    const [listing] = await t.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.botId, offered.id));
    expect(errorOf(await alt.post(`/api/marketplace/listings/${listing!.id}/buy`))).toMatchObject({
      status: 403,
      message: cashoutMessages.frozen,
    });
    const guild = await foundGuild(bystander);
    await bystander.post(`/api/guilds/${guild.id}/join`);
    expect((await alt.post(`/api/guilds/${guild.id}/join`)).statusCode).toBe(200);
    expect(errorOf(await alt.post(`/api/guilds/${guild.id}/contribute`, { amount: 10 }))).toMatchObject({
      status: 403,
      message: cashoutMessages.frozen,
    });
    // Still a player: the vault works.
    expect((await alt.post("/api/bank/deposit", { amount: 10 })).statusCode).toBe(200);
    expect((await balancesOf(t.db, alt.id)).vaultCoins).toBe(before.vaultCoins + 10);

    expect(errorOf(await (await admin()).post(`/api/admin/accounts/${main.id}/freeze`, {}))).toMatchObject({
      status: 400,
      message: adminCashoutMessages.enterFreezeReason,
    });
    const thawed = await (await admin()).post(`/api/admin/accounts/${alt.id}/unfreeze`);
    expect(thawed.json()).toMatchObject({ message: adminCashoutMessages.unfrozen(alt.me.username) });
    expect(errorOf(await (await admin()).post(`/api/admin/accounts/${alt.id}/unfreeze`))).toMatchObject({
      status: 409,
      message: adminCashoutMessages.notFrozen,
    });
    expect((await ask(alt, "thawed_tag", 10)).statusCode).toBe(200);
    expect((await standing(main)).frozen).toBe(true);
    const log = await listAdminOperations(t.db, { action: "account_", limit: 10 });
    expect(log.map((row) => `${row.action}:${row.result}`)).toEqual(
      expect.arrayContaining([
        "account_freeze:success",
        "account_unfreeze:success",
        "account_unfreeze:error",
      ]),
    );
  });

  it("is the admins' alone, on real accounts, never their own", async () => {
    const player = await signUp(t.app);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const call of [
      ["POST", `/api/admin/accounts/${player.id}/freeze`, { reason: "x" }],
      ["POST", `/api/admin/accounts/${player.id}/unfreeze`],
      ["POST", `/api/admin/cashouts/${unknown}/approve`],
    ] as const) {
      await expectAdminOnly(t.app, player, [...call]);
    }
    expect(
      errorOf(await (await admin()).post(`/api/admin/accounts/${unknown}/freeze`, { reason: "x" })),
    ).toMatchObject({
      status: 404,
      message: adminCashoutMessages.accountNotFound,
    });
    expect(
      errorOf(await (await admin()).post(`/api/admin/accounts/${signedUpAdmin.id}/freeze`, { reason: "x" })),
    ).toMatchObject({
      status: 403,
      message: adminCashoutMessages.cannotFreezeSelf,
    });
    expect(errorOf(await (await admin()).post(`/api/admin/cashouts/${unknown}/approve`))).toMatchObject({
      status: 404,
      message: adminCashoutMessages.notFound,
    });
  });
});
