// The bank vault through the API: deposits within the UTC day's 500, withdrawals, cash-outs, the ledger
// history, every refusal with its message, and races that must never pass the limit or overdraw the vault.
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { raceIt } from "../../../test/race";
import { cashoutRequests, coinLedger } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { expectLedgerClean, setCoins } from "../bots/testing";
import { balancesOf, coinsInGame, setVault } from "./economy-test-kit";

const clock = testClock(new Date("2030-01-15T23:50:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const deposit = (player: Player, amount: unknown) => player.post("/api/bank/deposit", { amount });
const withdraw = (player: Player, amount: unknown) => player.post("/api/bank/withdraw", { amount });
const cashout = (player: Player, body: unknown) => player.post("/api/bank/cashout", body);

/** A new player with `vault` coins already in the vault (moved through the ledger). */
async function playerWithVault(vault: number, wallet = 1000): Promise<Player> {
  const player = await signUp(t.app);
  await setVault(t.db, player, vault);
  await setCoins(t.db, player, wallet);
  return player;
}

const badAmounts: [string, unknown][] = [
  ["zero", 0],
  ["a negative amount", -50],
  ["a fraction", 12.5],
  ["text", "abc"],
  ["digits as text", "100"],
  ["null", null],
  ["an unsafe integer", 2 ** 60],
  ["a list", [100]],
];

describe("without a session", () => {
  it.each([
    ["GET", "/api/bank"],
    ["GET", "/api/bank/ledger"],
    ["POST", "/api/bank/deposit"],
    ["POST", "/api/bank/withdraw"],
    ["POST", "/api/bank/cashout"],
  ] as const)("%s %s answers 401 Not authenticated", async (method, url) => {
    const response = await t.app.inject({ method, url, payload: { amount: 10, gamertag: "x" } });
    expect(errorOf(response)).toMatchObject({ status: 401, message: "Not authenticated" });
  });
});

describe("GET /api/bank", () => {
  it("shows a new player's balances, an untouched day and no cash-outs", async () => {
    const player = await signUp(t.app);
    const response = await player.get("/api/bank");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      coins: 1000,
      vaultCoins: 0,
      depositsToday: 0,
      dailyDepositLimit: 500,
      depositAllowance: 500,
      cashouts: [],
      // The test configuration opens cash-outs at once (cashout-rules.test.ts has the real gate).
      cashout: {
        open: true,
        lockedMessage: null,
        frozen: false,
        minAccountDays: 0,
        minBattles: 0,
        daysToGo: 0,
        battlesToGo: 0,
        dailyMax: 1_000_000_000_000,
        leftToday: 1_000_000_000_000,
        availableNow: 0,
        autoMax: 500,
      },
    });
  });
});

describe("deposit", () => {
  it("moves wallet coins into the vault through two ledger rows and counts them for today", async () => {
    const player = await signUp(t.app);
    const response = await deposit(player, 200);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      newCoins: 800,
      newVaultCoins: 200,
      depositsToday: 200,
      message: "Deposited 200 coins to the vault",
    });
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "vault_deposit")));
    expect(rows.map((r) => [r.account, r.delta, r.balanceAfter]).sort()).toEqual([
      ["vault", 200, 200],
      ["wallet", -200, 800],
    ]);
    expect((await player.get("/api/bank")).json()).toMatchObject({
      depositsToday: 200,
      depositAllowance: 300,
    });
    await expectLedgerClean(t);
  });

  it.each(badAmounts)("refuses %s with 'Enter a valid amount' and moves nothing", async (_, amount) => {
    const player = await signUp(t.app);
    expect(errorOf(await deposit(player, amount))).toMatchObject({
      status: 400,
      message: messages.enterValidAmount,
    });
    expect(await balancesOf(t.db, player.id)).toEqual({ coins: 1000, vaultCoins: 0 });
  });

  it("refuses a missing amount and a missing body", async () => {
    const player = await signUp(t.app);
    expect(errorOf(await player.post("/api/bank/deposit", {}))).toMatchObject({
      status: 400,
      message: messages.enterValidAmount,
    });
    expect(errorOf(await player.post("/api/bank/deposit"))).toMatchObject({
      status: 400,
      message: messages.enterValidAmount,
    });
  });

  it("refuses what passes today's 500, saying how much is left", async () => {
    const player = await signUp(t.app);
    await deposit(player, 300);
    expect(errorOf(await deposit(player, 201))).toMatchObject({
      status: 409,
      code: "LIMIT_REACHED",
      message: "Daily deposit limit is 500 coins (200 left today)",
    });
    expect((await deposit(player, 200)).json()).toMatchObject({ depositsToday: 500, newVaultCoins: 500 });
    expect(errorOf(await deposit(player, 1))).toMatchObject({ message: messages.depositLimit(0) });
  });

  it("refuses more than the wallet holds with 'Not enough coins!'", async () => {
    const player = await signUp(t.app);
    await setCoins(t.db, player, 50);
    expect(errorOf(await deposit(player, 60))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.notEnoughCoins,
    });
    expect((await player.get("/api/bank")).json()).toMatchObject({
      coins: 50,
      vaultCoins: 0,
      depositsToday: 0,
    });
  });

  it("starts a new allowance when the UTC day turns", async () => {
    const player = await signUp(t.app);
    await deposit(player, 500);
    expect(errorOf(await deposit(player, 1)).code).toBe("LIMIT_REACHED");
    clock.advance(15 * 60_000); // 23:50 -> 00:05 UTC the next day
    expect((await player.get("/api/bank")).json()).toMatchObject({
      depositsToday: 0,
      depositAllowance: 500,
      vaultCoins: 500,
    });
    expect((await deposit(player, 400)).json()).toMatchObject({ depositsToday: 400, newVaultCoins: 900 });
  });

  raceIt("parallel deposits never pass 500 in a day, nor create or lose a coin", async () => {
    const player = await signUp(t.app);
    const before = await coinsInGame(t.db);
    const responses = await Promise.all(Array.from({ length: 30 }, () => deposit(player, 70)));
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(7); // 7 x 70 = 490; an eighth would make 560
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, code: "LIMIT_REACHED" });
    }
    expect(await balancesOf(t.db, player.id)).toEqual({ coins: 510, vaultCoins: 490 });
    expect((await player.get("/api/bank")).json()).toMatchObject({
      depositsToday: 490,
      depositAllowance: 10,
    });
    expect(await coinsInGame(t.db)).toBe(before);
    await expectLedgerClean(t);
  });
});

describe("withdraw", () => {
  it("moves vault coins back to the wallet, with no daily limit", async () => {
    const player = await playerWithVault(3000);
    const response = await withdraw(player, 2500);
    expect(response.json()).toEqual({
      newCoins: 3500,
      newVaultCoins: 500,
      message: "Withdrew 2500 coins from the vault",
    });
    await expectLedgerClean(t);
  });

  it.each(badAmounts)("refuses %s with 'Enter a valid amount'", async (_, amount) => {
    const player = await playerWithVault(300);
    expect(errorOf(await withdraw(player, amount))).toMatchObject({
      status: 400,
      message: messages.enterValidAmount,
    });
  });

  it("refuses more than the vault holds with 'Insufficient vault balance'", async () => {
    const player = await playerWithVault(300);
    expect(errorOf(await withdraw(player, 301))).toMatchObject({
      status: 409,
      message: messages.insufficientVault,
    });
    expect(errorOf(await withdraw(player, 2_000_000_000_000))).toMatchObject({
      status: 409,
      message: messages.insufficientVault,
    });
    expect(await balancesOf(t.db, player.id)).toEqual({ coins: 1000, vaultCoins: 300 });
  });
});

describe("cash-out", () => {
  it("moves the coins out of the vault into a pending request the bank then lists", async () => {
    const player = await playerWithVault(400);
    const response = await cashout(player, { gamertag: "  satoshi  ", amount: 150 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      newVaultCoins: 250,
      message: messages.cashoutSubmitted,
      request: {
        id: expect.any(String),
        gamertag: "satoshi",
        amount: 150,
        status: "pending",
        // Nothing unusual about it, and the record-only provider: with the operators to pay.
        phase: "processing",
        createdAt: expect.any(String),
        settledAt: null,
        refundReason: null,
        providerRef: null,
      },
    });
    const [ledgerRow] = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "cashout")));
    expect(ledgerRow).toMatchObject({
      account: "vault",
      delta: -150,
      balanceAfter: 250,
      refType: "cashout_request",
      refId: body.request.id,
    });
    expect((await player.get("/api/bank")).json()).toMatchObject({
      vaultCoins: 250,
      cashouts: [body.request],
    });
    await expectLedgerClean(t);
  });

  it.each([
    ["a blank gamertag", { gamertag: "   ", amount: 10 }, messages.invalidGamertag],
    ["a missing gamertag", { amount: 10 }, messages.invalidGamertag],
    ["a 36-character gamertag", { gamertag: "g".repeat(36), amount: 10 }, messages.invalidGamertag],
    ["a zero amount", { gamertag: "satoshi", amount: 0 }, messages.enterValidAmount],
    ["a negative amount", { gamertag: "satoshi", amount: -1 }, messages.enterValidAmount],
    ["a fractional amount", { gamertag: "satoshi", amount: 0.5 }, messages.enterValidAmount],
    ["a text amount", { gamertag: "satoshi", amount: "ten" }, messages.enterValidAmount],
  ])("refuses %s", async (_, body, message) => {
    const player = await playerWithVault(100);
    expect(errorOf(await cashout(player, body))).toMatchObject({ status: 400, message });
    expect(await balancesOf(t.db, player.id)).toEqual({ coins: 1000, vaultCoins: 100 });
  });

  it("accepts a 35-character gamertag", async () => {
    const player = await playerWithVault(100);
    expect((await cashout(player, { gamertag: "g".repeat(35), amount: 100 })).json()).toMatchObject({
      newVaultCoins: 0,
    });
  });

  it("refuses more than the vault holds with 'Insufficient vault balance' and records nothing", async () => {
    const player = await playerWithVault(100, 5000);
    expect(errorOf(await cashout(player, { gamertag: "satoshi", amount: 101 }))).toMatchObject({
      status: 409,
      message: messages.insufficientVault,
    });
    expect(await t.db.select().from(cashoutRequests).where(eq(cashoutRequests.userId, player.id))).toEqual(
      [],
    );
  });

  raceIt("a withdraw racing cash-outs never takes the vault below 0", async () => {
    const player = await playerWithVault(500);
    const before = await coinsInGame(t.db);
    const responses = await Promise.all([
      withdraw(player, 300),
      cashout(player, { gamertag: "satoshi", amount: 300 }),
      cashout(player, { gamertag: "satoshi", amount: 300 }),
      withdraw(player, 300),
    ]);
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused).message).toBe(messages.insufficientVault);
    }
    expect((await balancesOf(t.db, player.id)).vaultCoins).toBe(200);
    expect(await coinsInGame(t.db)).toBe(before);
    await expectLedgerClean(t);
  });
});

describe("ledger history", () => {
  it("pages the player's own rows newest first, with both accounts and reasons", async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    await deposit(player, 100);
    await withdraw(player, 40);
    await deposit(other, 10);
    const first = (await player.get("/api/bank/ledger?limit=3")).json();
    expect(
      first.entries.map((e: { account: string; delta: number; reason: string }) => [
        e.account,
        e.delta,
        e.reason,
      ]),
    ).toEqual([
      ["wallet", 40, "vault_withdraw"],
      ["vault", -40, "vault_withdraw"],
      ["vault", 100, "vault_deposit"],
    ]);
    expect(first.nextCursor).toBe(first.entries[2].id);
    const second = (await player.get(`/api/bank/ledger?limit=3&before=${first.nextCursor}`)).json();
    expect(second.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [-100, "vault_deposit"],
      [1000, "signup_bonus"],
    ]);
    expect(second.nextCursor).toBeNull();
    const allIds = [...first.entries, ...second.entries].map((e: { id: number }) => e.id);
    const rows = await t.db
      .select({ id: coinLedger.id })
      .from(coinLedger)
      .where(eq(coinLedger.userId, player.id as UserId));
    expect(allIds.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("refuses a malformed page size", async () => {
    const player = await signUp(t.app);
    expect((await player.get("/api/bank/ledger?limit=0")).statusCode).toBe(400);
    expect((await player.get("/api/bank/ledger?limit=abc")).statusCode).toBe(400);
    expect((await player.get("/api/bank/ledger?before=-3")).statusCode).toBe(400);
  });
});
