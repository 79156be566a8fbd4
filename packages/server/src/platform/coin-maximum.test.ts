// Every credit a player can set off refuses past the coin maximum (1,000,000,000,000) with a message naming the
// account, and leaves everything as it was: vault deposits and withdrawals, guild donations, PvP battles (refused
// before they are fought) and a recycled bot's refund. Grants, sales and tournament payouts have their own tests
// beside their features.
import { Coins } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp } from "../../test/helpers";
import { arenaState, pilot, pvpBattle } from "../features/arena/testing";
import { insertBot, setVault } from "../features/bank/economy-test-kit";
import { coinsOf, createBot, expectLedgerClean, setCoins } from "../features/bots/testing";
import { donate, foundGuild, guildPage } from "../features/guilds/testing";
import { moveCoins } from "./ledger";

const MAX = 1_000_000_000_000;
const pastMax = (whose: string) => ({
  status: 409,
  code: "LIMIT_REACHED",
  message: `That would take ${whose} past the 1,000,000,000,000 coin maximum.`,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balancesOf = async (player: Awaited<ReturnType<typeof signUp>>) => {
  const me = (await player.get("/api/me")).json<{ coins: number; vaultCoins: number }>();
  return { coins: me.coins, vaultCoins: me.vaultCoins };
};

describe("the vault", () => {
  it("refuses a deposit that would fill the vault past the maximum", async () => {
    const player = await signUp(t.app);
    await setVault(t.db, player, MAX - 10);
    const refused = await player.post("/api/bank/deposit", { amount: 11 });
    expect(errorOf(refused)).toEqual(pastMax("your vault"));
    expect(await balancesOf(player)).toEqual({ coins: 1000, vaultCoins: MAX - 10 });
    // Nothing of today's 500 was used up by the refused deposit.
    expect((await player.get("/api/bank")).json()).toMatchObject({ depositsToday: 0 });
    expect((await player.post("/api/bank/deposit", { amount: 10 })).statusCode).toBe(200);
    expect(await balancesOf(player)).toEqual({ coins: 990, vaultCoins: MAX });
  });

  it("refuses a withdrawal into a wallet at the maximum", async () => {
    const player = await signUp(t.app);
    await setVault(t.db, player, 50);
    await setCoins(t.db, player, MAX);
    expect(errorOf(await player.post("/api/bank/withdraw", { amount: 1 }))).toEqual(pastMax("your wallet"));
    expect(await balancesOf(player)).toEqual({ coins: MAX, vaultCoins: 50 });
    await expectLedgerClean(t);
  });
});

describe("a guild donation", () => {
  it("is refused when the bank would pass the maximum; the donor keeps the coins", async () => {
    const leader = await signUp(t.app);
    await createBot(leader);
    const guild = await foundGuild(leader);
    await t.db.transaction((tx) =>
      moveCoins(tx, {
        account: "guild_bank",
        guildId: guild.id,
        credit: Coins(MAX - 5),
        reason: "test_grant",
      }),
    );
    const coins = await coinsOf(leader);
    const refused = await leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 6 });
    expect(errorOf(refused)).toEqual(pastMax("the guild bank"));
    expect(await coinsOf(leader)).toBe(coins);
    const page = await guildPage(leader, guild.id);
    expect(page.guild.bankBalance).toBe(MAX - 5);
    await donate(leader, guild.id, 5);
    expect((await guildPage(leader, guild.id)).guild.bankBalance).toBe(MAX);
  });
});

describe("a PvP battle", () => {
  it("is refused before it is fought when the attacker could not take the stake, whoever would win", async () => {
    const [attacker, defender] = [await pilot(t), await pilot(t)];
    // The defender's 1000 stake 100: the attacker has room for 99.
    await setCoins(t.db, attacker, MAX - 99);
    const before = await arenaState(t.db);
    expect(errorOf(await pvpBattle(attacker, defender.bot.id))).toEqual(pastMax("your wallet"));
    expect(await arenaState(t.db)).toEqual(before);
  });

  it("is refused before it is fought when the defender could not take the stake", async () => {
    const [attacker, defender] = [await pilot(t), await pilot(t)];
    await setCoins(t.db, defender, MAX - 99);
    const before = await arenaState(t.db);
    expect(errorOf(await pvpBattle(attacker, defender.bot.id))).toEqual(pastMax("your opponent's wallet"));
    expect(await arenaState(t.db)).toEqual(before);
  });

  it("is fought when both could take what they might win, to the exact maximum", async () => {
    const [attacker, defender] = [await pilot(t), await pilot(t)];
    await setCoins(t.db, attacker, MAX - 100);
    expect((await pvpBattle(attacker, defender.bot.id)).statusCode).toBe(200);
  });
});

describe("a recycled bot's refund", () => {
  it("is refused for a wallet at the maximum, and the bot stays", async () => {
    const player = await pilot(t);
    const spare = await insertBot(t.db, player, { name: "Spare Unit" });
    await setCoins(t.db, player, MAX);
    const refused = await player.request({ method: "DELETE", url: `/api/bots/${spare.id}` });
    expect(errorOf(refused)).toEqual(pastMax("the wallet"));
    expect(
      (await player.get("/api/bots")).json<{ bots: { id: string }[] }>().bots.map((b) => b.id),
    ).toContain(spare.id);
  });
});
