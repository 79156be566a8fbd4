// Pools and banks are ledger accounts like wallets: conditional moves, one owner per row, verified sums,
// and 64-bit balances beyond what a 32-bit integer holds.
import { Coins } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../test/helpers";
import { raceIt } from "../../test/race";
import { pilot } from "../features/arena/testing";
import { botsOf, coinsOf, finishSetup, giveCoins, listOnMarket, summonFor } from "../features/bots/testing";
import { rowsOf } from "./db/database";
import { coinLedger, guilds, guildWars, marketplaceListings, profiles, tournaments } from "./db/schema";
import { auditEconomy } from "./economy-audit";
import { AppError } from "./errors";
import type { BotId } from "./ids";
import { type CoinMove, moveCoins, newTransferId } from "./ledger";
import { verifyLedger } from "./ledger-verify";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const move = (m: CoinMove) => t.db.transaction((tx) => moveCoins(tx, m));
let serial = 0;
const newTournament = async () => {
  const [row] = await t.db
    .insert(tournaments)
    .values({ name: `Cup ${++serial}`, minPlayers: 2, maxPlayers: 16, entryFeeMode: "player" })
    .returning({ id: tournaments.id });
  return row!.id;
};
const newGuild = async () => {
  const [row] = await t.db
    .insert(guilds)
    .values({ name: `Guild ${++serial}`, tag: `G${serial}` })
    .returning({ id: guilds.id });
  return row!.id;
};
const newWar = async () => {
  const [row] = await t.db
    .insert(guildWars)
    .values({ name: `War ${++serial}` })
    .returning({ id: guildWars.id });
  return row!.id;
};

describe("pool and bank accounts", () => {
  it("moves a fee from a wallet into a tournament pool and back out, each row owned by its account", async () => {
    const player = await signUp(t.app);
    const tournamentId = await newTournament();
    // The pool first: an event's row comes before a player's profile in the lock order.
    const entry = newTransferId();
    await t.db.transaction(async (tx) => {
      expect(
        await moveCoins(tx, {
          tournamentId,
          account: "tournament_pool",
          credit: Coins(150),
          reason: "tournament_entry",
          transferId: entry,
        }),
      ).toBe(150);
      await moveCoins(tx, {
        userId: player.id,
        account: "wallet",
        debit: Coins(150),
        reason: "tournament_entry",
        transferId: entry,
      });
    });
    const prize = newTransferId();
    await t.db.transaction(async (tx) => {
      await moveCoins(tx, {
        tournamentId,
        account: "tournament_pool",
        debit: Coins(90),
        reason: "tournament_prize",
        transferId: prize,
      });
      await moveCoins(tx, {
        userId: player.id,
        account: "wallet",
        credit: Coins(90),
        reason: "tournament_prize",
        transferId: prize,
      });
      await moveCoins(tx, {
        tournamentId,
        account: "tournament_pool",
        debit: Coins(60),
        reason: "house_cut_tournament",
      });
    });
    const [pool] = await t.db
      .select({ balance: tournaments.poolBalance })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    expect(pool!.balance).toBe(0);
    const rows = await t.db.select().from(coinLedger).where(eq(coinLedger.tournamentId, tournamentId));
    expect(rows.map((r) => [r.account, r.delta, r.balanceAfter, r.userId])).toEqual([
      ["tournament_pool", 150, 150, null],
      ["tournament_pool", -90, 60, null],
      ["tournament_pool", -60, 0, null],
    ]);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });

  raceIt("never overdraws a guild bank under parallel withdrawals", async () => {
    const guildId = await newGuild();
    const warId = await newWar();
    await move({ guildId, account: "guild_bank", credit: Coins(1200), reason: "house_reward_test" });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        t.db.transaction(async (tx) => {
          // The war's row first: an event's row comes before a guild in the lock order.
          const stake = { reason: "war_stake", transferId: newTransferId() };
          await moveCoins(tx, { warId, account: "war_pool", credit: Coins(500), ...stake });
          await moveCoins(tx, { guildId, account: "guild_bank", debit: Coins(500), ...stake });
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "NOT_ENOUGH_COINS" });
    }
    const [guild] = await t.db
      .select({ bank: guilds.bankBalance })
      .from(guilds)
      .where(eq(guilds.id, guildId));
    const [war] = await t.db
      .select({ pool: guildWars.poolBalance })
      .from(guildWars)
      .where(eq(guildWars.id, warId));
    expect([guild!.bank, war!.pool]).toEqual([200, 1000]);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });

  it("answers 404 for a pool that does not exist", async () => {
    const error = await move({
      tournamentId: "00000000-0000-4000-8000-000000000000",
      account: "tournament_pool",
      credit: Coins(10),
      reason: "tournament_entry",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404 });
  });

  it("refuses a ledger row with the wrong owner for its account", async () => {
    const player = await signUp(t.app);
    await expect(
      t.db.execute(sql`insert into coin_ledger (user_id, account, delta, balance_after, reason)
        values (${player.id}::uuid, 'guild_bank', 5, 5, 'guild_donation')`),
    ).rejects.toThrow();
  });

  it("finds a pool or bank changed behind the ledger's back", async () => {
    const guildId = await newGuild();
    await t.db.update(guilds).set({ bankBalance: 777 }).where(eq(guilds.id, guildId));
    expect((await verifyLedger(t.db)).mismatches).toContainEqual({
      userId: guildId,
      account: "guild_bank",
      balance: 777n,
      ledgerSum: 0n,
    });
    await t.db.update(guilds).set({ bankBalance: 0 }).where(eq(guilds.id, guildId));
  });

  it("counts pools and banks in the economy audit: a transfer into them keeps it balanced", async () => {
    const audit = await auditEconomy(t.db);
    expect(audit.problems).toEqual([]);
    const total = rowsOf<{ total: string }>(
      await t.db.execute(sql`select coalesce(sum(delta), 0)::text as total from coin_ledger`),
    )[0]!.total;
    expect(audit.balances).toBe(BigInt(total));
  });
});

describe("64-bit coins", () => {
  it("holds balances beyond 2,147,483,647 as exact numbers", async () => {
    const player = await signUp(t.app);
    const big = 5_000_000_000;
    expect(
      await move({ userId: player.id, account: "wallet", credit: Coins(big), reason: "admin_grant" }),
    ).toBe(big + 1000);
    const [row] = await t.db
      .select({ coins: profiles.coins })
      .from(profiles)
      .where(eq(profiles.id, player.id));
    expect(row!.coins).toBe(big + 1000);
    expect((await player.get("/api/me")).json()).toMatchObject({ coins: big + 1000 });
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });

  it("pays a rich seller past 2^31 for a marketplace sale", async () => {
    const seller = await pilot(t, "Rich Seller");
    const buyer = await signUp(t.app);
    const rich = 2_147_483_000;
    await giveCoins(t.db, seller, rich);
    await finishSetup(seller, (await summonFor(seller, 1)).botIds[0]!);
    const [, listed] = await botsOf(seller);
    await listOnMarket(t.db, seller, listed!.id, 900);
    const [listing] = await t.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.botId, listed!.id as BotId));
    const before = await coinsOf(seller);
    const bought = await buyer.post(`/api/marketplace/listings/${listing!.id}/buy`);
    expect(bought.statusCode).toBe(200);
    const expected = before + 900;
    expect(await coinsOf(seller)).toBe(expected);
    expect(expected).toBeGreaterThan(2 ** 31);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });
});
