// Cash-outs paid through ZBD (issue 38), the real client against the fake ZBD server over HTTP: a clean request
// is paid by the payout runner with the right millisatoshis; an unknown gamertag is refused before any coin
// moves; 5xx answers and answers lost after ZBD accepted are retried from the row, the payment looked up by the
// request's id, and paid once; a pending payment is confirmed; a gamertag gone refunds with ZBD's reason; a wallet
// with too little holds every request, tells the operators once, and pays once topped up. The runner is driven by
// hand (`runOnce`) on a test clock.
import { adminCashoutMessages } from "@bot-arena/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  hearBus,
  type Player,
  signUp,
  type TestApp,
  testClock,
} from "../../../test/helpers";
import { startZbdFake, type ZbdFake } from "../../../test/zbd-fake";
import { loadConfig } from "../../platform/config";
import { cashoutGamertags, cashoutRequests } from "../../platform/db/schema";
import type { LiveEnvelope } from "../../platform/live/publish";
import { listAdminOperations } from "../../platform/ops-log";
import { expectLedgerClean } from "../bots/testing";
import { balancesOf, setVault } from "./economy-test-kit";
import { CONFIRM_POLL_MS, HOLD_RECHECK_MS } from "./payout-runner";

const MSATS_PER_COIN = 1000n;
const adminEmail = "payouts-admin@arena.test";
const clock = testClock();
let fake: ZbdFake;
let t: TestApp;
let admin: Player;

beforeAll(async () => {
  fake = await startZbdFake({
    gamertags: ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "henry"],
    hangMs: 5_000,
  });
  t = await createTestApp({
    clock,
    config: {
      adminEmails: [adminEmail],
      reconcilerIntervalMs: 0,
      cashout: {
        ...loadConfig({}).cashout,
        provider: "zbd",
        zbd: { apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 1_500 },
        msatsPerCoin: MSATS_PER_COIN,
        rules: { minAccountDays: 0, minBattles: 0, dailyMax: 1_000_000, autoMax: 500 },
      },
    },
  });
  admin = await signUp(t.app, { email: adminEmail });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => expectLedgerClean(t));

async function player(vault = 500): Promise<Player> {
  const p = await signUp(t.app);
  await setVault(t.db, p, vault);
  return p;
}
const ask = (p: Player, gamertag: string, amount: number) =>
  p.post("/api/bank/cashout", { gamertag, amount });
const row = async (id: string) =>
  (await t.db.select().from(cashoutRequests).where(eq(cashoutRequests.id, id)))[0]!;
const paymentsFor = (id: string) => fake.payments().filter((payment) => payment.internalId === id);
/** Moves the test clock past the row's deadline and runs the runner once. */
async function later(ms: number) {
  clock.advance(ms);
  await t.app.reconciler.runOnce();
}

describe("a request with nothing unusual", () => {
  it("is paid by ZBD at once with the right millisatoshis, and the bank shows the reference", async () => {
    const p = await player();
    const paidBefore = fake.paidTo("alice");
    const answer = await ask(p, "alice", 300);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().request).toMatchObject({ status: "pending", phase: "processing" });
    await t.app.reconciler.runOnce();
    const id = answer.json().request.id;
    const [payment] = paymentsFor(id);
    expect(payment).toMatchObject({ gamertag: "alice", amountMsats: 300_000n, status: "completed" });
    expect(fake.paidTo("alice") - paidBefore).toBe(300_000n);
    expect(await row(id)).toMatchObject({
      status: "paid",
      stage: "done",
      providerRef: payment!.id,
      sendAttempts: 1,
    });
    const bank = (await p.get("/api/bank")).json();
    expect(bank.vaultCoins).toBe(200);
    expect(bank.cashouts[0]).toMatchObject({ phase: "paid", providerRef: payment!.id });
    // The first account paid to a gamertag owns it.
    const [owner] = await t.db.select().from(cashoutGamertags).where(eq(cashoutGamertags.gamertag, "alice"));
    expect(owner?.userId).toBe(p.id);
  });

  it("refuses an unknown gamertag before any coin leaves the vault", async () => {
    const p = await player();
    const response = await ask(p, "nobody_here", 100);
    expect(errorOf(response)).toMatchObject({
      status: 400,
      message: 'No ZBD account has the gamertag "nobody_here"',
    });
    expect(await balancesOf(t.db, p.id)).toMatchObject({ vaultCoins: 500 });
    expect(await t.db.select().from(cashoutRequests).where(eq(cashoutRequests.userId, p.id))).toEqual([]);
  });

  it("answers 503 and changes nothing when ZBD cannot say whether the gamertag exists", async () => {
    const p = await player();
    fake.failNext("lookup", "5xx");
    const response = await ask(p, "bob", 100);
    expect(errorOf(response)).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(await balancesOf(t.db, p.id)).toMatchObject({ vaultCoins: 500 });
  });
});

describe("when ZBD fails", () => {
  it("5xx answers are retried from the row with a growing wait, and the request is paid once", async () => {
    const p = await player();
    const id = (await ask(p, "bob", 120)).json().request.id;
    fake.failNext("pay", "5xx", 2);
    await t.app.reconciler.runOnce();
    expect(await row(id)).toMatchObject({ status: "pending", stage: "queued", sendAttempts: 1 });
    expect((await row(id)).lastError).toMatch(/5\d\d|ZBD/);
    // Not due again before its wait: nothing is sent.
    await t.app.reconciler.runOnce();
    expect((await row(id)).sendAttempts).toBe(1);
    await later(1_000);
    expect(await row(id)).toMatchObject({ stage: "queued", sendAttempts: 2 });
    await later(2_000);
    expect(await row(id)).toMatchObject({ status: "paid", sendAttempts: 3 });
    expect(paymentsFor(id)).toHaveLength(1);
  });

  it("an answer lost after ZBD paid: the payment is looked up by the request's id and never sent again", async () => {
    const p = await player();
    const id = (await ask(p, "carol", 80)).json().request.id;
    fake.failNext("pay", "accept-then-timeout");
    await t.app.reconciler.runOnce();
    expect(await row(id)).toMatchObject({ status: "pending", stage: "queued" });
    expect(paymentsFor(id)).toHaveLength(1);
    await later(1_000);
    expect(await row(id)).toMatchObject({ status: "paid", providerRef: paymentsFor(id)[0]!.id });
    expect(paymentsFor(id)).toHaveLength(1);
    // The second attempt asked for the list and paid nothing.
    const pays = fake.requests().filter((r) => r.method === "POST" && r.path === "/v0/payments");
    expect(pays.filter((r) => (r.body as { internalId?: string }).internalId === id)).toHaveLength(1);
  });

  it("a pending payment is confirmed later", async () => {
    const p = await player();
    fake.settleAfterLookups(2);
    try {
      const id = (await ask(p, "dave", 60)).json().request.id;
      await t.app.reconciler.runOnce();
      expect(await row(id)).toMatchObject({ stage: "confirming", providerRef: paymentsFor(id)[0]!.id });
      await later(CONFIRM_POLL_MS);
      expect(await row(id)).toMatchObject({ status: "pending", stage: "confirming" });
      await later(CONFIRM_POLL_MS);
      expect(await row(id)).toMatchObject({ status: "paid" });
    } finally {
      fake.settleAfterLookups(null);
    }
  });

  it("a gamertag gone by the time it is paid refunds the vault with the reason", async () => {
    fake.addGamertag("leaving");
    const p = await player();
    const id = (await ask(p, "leaving", 50)).json().request.id;
    fake.removeGamertag("leaving");
    await t.app.reconciler.runOnce();
    expect(await row(id)).toMatchObject({
      status: "refunded",
      refundReason: 'The gamertag "leaving" no longer exists at ZBD',
    });
    expect(await balancesOf(t.db, p.id)).toMatchObject({ vaultCoins: 500 });
    expect(paymentsFor(id)).toHaveLength(0);
  });

  it("a wallet with too little holds every request, tells the operators once, and pays them once topped up", async () => {
    const before = fake.balance();
    fake.setBalance(10_000n);
    try {
      const [first, second] = [await player(), await player()];
      const ids = [
        (await ask(first, "erin", 200)).json().request.id,
        (await ask(second, "frank", 150)).json().request.id,
      ];
      await t.app.reconciler.runOnce();
      for (const id of ids) expect(await row(id)).toMatchObject({ status: "pending", stage: "held" });
      const held = await listAdminOperations(t.db, { action: "payouts_held", limit: 10 });
      expect(held).toHaveLength(1);
      const queue = (await admin.get("/api/admin/cashouts")).json();
      expect(queue.payouts).toMatchObject({
        provider: "zbd",
        held: 2,
        low: true,
        walletMsats: "10000",
        walletCoins: 10,
      });
      // Still too little a minute later: still held, nothing refunded.
      await later(HOLD_RECHECK_MS);
      await t.app.reconciler.runOnce();
      for (const id of ids) expect(await row(id)).toMatchObject({ stage: "held" });
      fake.setBalance(before);
      await later(HOLD_RECHECK_MS);
      await t.app.reconciler.runOnce();
      for (const id of ids) {
        expect(await row(id)).toMatchObject({ status: "paid" });
        expect(paymentsFor(id)).toHaveLength(1);
      }
    } finally {
      fake.setBalance(before);
    }
    expect(await listAdminOperations(t.db, { action: "payouts_held", limit: 10 })).toHaveLength(1);
  });
});

describe("the operators", () => {
  it("approve a request held for review and it is paid; cannot settle one on its way", async () => {
    // Two accounts from one address: the second's request waits for an operator, with the reason.
    const address = "127.200.0.1";
    await signUp(t.app, { remoteAddress: address });
    const linked = await signUp(t.app, { remoteAddress: address });
    await setVault(t.db, linked, 300);
    const id = (await ask(linked, "grace", 100)).json().request.id;
    await t.app.reconciler.runOnce();
    expect(await row(id)).toMatchObject({ stage: "review" });
    expect(paymentsFor(id)).toHaveLength(0);
    const events: LiveEnvelope[] = [];
    const unlisten = await hearBus(t.database, (envelope) => events.push(envelope));
    const approved = await admin.post(`/api/admin/cashouts/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    // The player's bank hears it and leaves 'Under review' (a pending status: no toast).
    await expect
      .poll(() =>
        events.some((e) => e.userId === linked.id && e.kind === "cashout" && e.data?.status === "pending"),
      )
      .toBe(true);
    await unlisten();
    expect(approved.json().message).toBe(adminCashoutMessages.approved(100, linked.me.username));
    expect(errorOf(await admin.post(`/api/admin/cashouts/${id}/approve`))).toMatchObject({
      status: 409,
      message: adminCashoutMessages.notInReview,
    });
    await t.app.reconciler.runOnce();
    expect(await row(id)).toMatchObject({ status: "paid", approvedBy: admin.id });

    const other = await player();
    const onItsWay = (await ask(other, "alice", 10)).json().request.id;
    await t.db.execute(
      sql`update cashout_requests set stage = 'sending', next_due_at = null where id = ${onItsWay}`,
    );
    for (const action of [
      admin.post(`/api/admin/cashouts/${onItsWay}/refund`, { reason: "no" }),
      admin.post(`/api/admin/cashouts/${onItsWay}/paid`, { reference: "x" }),
    ]) {
      expect(errorOf(await action)).toMatchObject({ status: 409, message: adminCashoutMessages.inFlight });
    }
    await t.db.execute(
      sql`update cashout_requests set stage = 'queued', next_due_at = now() where id = ${onItsWay}`,
    );
    await later(0);
    expect(await row(onItsWay)).toMatchObject({ status: "paid" });
  });

  it("see the wallet, and a request the runner has not moved for too long, in the metrics", async () => {
    const stuck = (await ask(await player(), "henry", 5)).json().request.id;
    await t.db.execute(
      sql`update cashout_requests set next_due_at = ${new Date(clock.now().getTime() - 60 * 60_000).toISOString()}::timestamptz where id = ${stuck}`,
    );
    await admin.get("/api/admin/cashouts");
    const text = (await admin.get("/api/admin/metrics")).body;
    expect(text).toMatch(/^bot_arena_runner_rows_overdue\{handler="cashout-payout"\} 1$/m);
    await t.app.reconciler.runOnce();
    expect(await row(stuck)).toMatchObject({ status: "paid" });
    expect(text).toMatch(/^bot_arena_payout_wallet_msats\{provider="zbd"\} \d+$/m);
    expect(text).toMatch(/^bot_arena_cashouts_held\{provider="zbd"\} 0$/m);
  });
});
