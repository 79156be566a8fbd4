// The operators' cash-out queue (issue 17): who may use it, the queue's order and overdue flag, paid with a
// reference and refunded with a reason (coins back to the vault through the ledger), each settled exactly once
// even when 'Mark paid' races 'Refund', the player's bank showing the outcome live, a provider settling itself,
// the operations log and the economy audit.
import { adminCashoutMessages } from "@bot-arena/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { connectLive } from "../../../test/live-client";
import { cashoutRequests, coinLedger } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { listAdminOperations } from "../../platform/ops-log";
import { expectAdminOnly } from "./access";

const adminEmail = "cashier@arena.test";
const clock = testClock();
let t: TestApp;
let admin: Player;
let baseUrl = "";
beforeAll(async () => {
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail, "cashier_two@arena.test"] } });
  admin = await signUp(t.app, { username: "cashier", email: adminEmail });
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

/** A player who banked 500 coins (the day's deposit limit) and asked to cash `amount` of them out. */
async function playerWithCashout(amount = 200, gamertag = "satoshi") {
  const player = await signUp(t.app);
  expect((await player.post("/api/bank/deposit", { amount: 500 })).statusCode).toBe(200);
  const answer = await player.post("/api/bank/cashout", { gamertag, amount });
  expect(answer.statusCode).toBe(200);
  return { player, id: answer.json().request.id as string };
}
const vaultOf = async (p: Player) => (await p.get("/api/bank")).json().vaultCoins as number;
const paid = (as: Player, id: string, body: unknown) => as.post(`/api/admin/cashouts/${id}/paid`, body);
const refund = (as: Player, id: string, body: unknown) => as.post(`/api/admin/cashouts/${id}/refund`, body);
const unknownId = "00000000-0000-4000-8000-000000000000";

describe("who may use the queue", () => {
  it.each([
    ["GET", "/api/admin/cashouts", undefined],
    ["POST", `/api/admin/cashouts/${unknownId}/paid`, { reference: "x" }],
    ["POST", `/api/admin/cashouts/${unknownId}/refund`, { reason: "x" }],
  ])("%s %s: 401 without a session, 403 for a player", async (method, url, payload) => {
    await expectAdminOnly(t.app, await signUp(t.app), [method, url, payload]);
  });

  it("a player cannot settle their own request", async () => {
    const { player, id } = await playerWithCashout(50);
    expect(errorOf(await refund(player, id, { reason: "mine" }))).toMatchObject({ status: 403 });
    expect(await vaultOf(player)).toBe(450);
  });
});

describe("GET /api/admin/cashouts", () => {
  it("lists pending requests oldest first, with player, age and the overdue flag after 48 hours", async () => {
    const old = await playerWithCashout(100, "early_bird");
    clock.advance(49 * 60 * 60 * 1000);
    const fresh = await playerWithCashout(120, "late_owl");
    const { cashouts } = (await admin.get("/api/admin/cashouts")).json();
    const ours = cashouts.filter((c: { id: string }) => [old.id, fresh.id].includes(c.id));
    expect(ours).toMatchObject([
      { id: old.id, gamertag: "early_bird", amount: 100, status: "pending", ageHours: 49, overdue: true },
      { id: fresh.id, gamertag: "late_owl", amount: 120, status: "pending", ageHours: 0, overdue: false },
    ]);
    expect(ours[0]).toMatchObject({
      username: old.player.me.username,
      email: old.player.email,
      settledAt: null,
    });
    const created = cashouts.map((c: { createdAt: string }) => c.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it("refuses an unknown status filter", async () => {
    expect(errorOf(await admin.get("/api/admin/cashouts?status=lost"))).toMatchObject({ status: 400 });
  });
});

describe("POST /api/admin/cashouts/:id/paid", () => {
  it("settles it with the payment's reference; the player's bank shows Paid with the date, live", async () => {
    const { player, id } = await playerWithCashout(200);
    const socket = await connectLive(baseUrl, player.cookie);
    socket.send({ type: "subscribe", channels: ["me"] });
    await socket.next((m) => m.type === "subscribed");
    const response = await paid(admin, id, { reference: "  LN-7781  " });
    expect(response.json()).toMatchObject({
      message: adminCashoutMessages.markedPaid(200, player.me.username),
      cashout: { id, status: "paid", providerRef: "LN-7781", settledBy: "cashier", refundReason: null },
    });
    expect(await socket.nextEvent("cashout")).toMatchObject({ data: { id, status: "paid", amount: 200 } });
    socket.close();
    const [listed] = (await player.get("/api/bank")).json().cashouts;
    expect(listed).toMatchObject({ id, status: "paid", settledAt: expect.any(String), refundReason: null });
    expect(await vaultOf(player)).toBe(300);
    const settledList = (await admin.get("/api/admin/cashouts?status=paid")).json().cashouts;
    expect(settledList.map((c: { id: string }) => c.id)).toContain(id);
  });

  it.each([
    ["no reference", {}, adminCashoutMessages.enterReference],
    ["a blank reference", { reference: "   " }, adminCashoutMessages.enterReference],
    ["a 201-character reference", { reference: "r".repeat(201) }, adminCashoutMessages.tooLong],
  ])("refuses %s", async (_, body, message) => {
    const { id } = await playerWithCashout(10);
    expect(errorOf(await paid(admin, id, body))).toMatchObject({ status: 400, message });
  });
});

describe("POST /api/admin/cashouts/:id/refund", () => {
  it("puts the coins back in the vault through the ledger (cashout_refund) and the bank says why", async () => {
    const { player, id } = await playerWithCashout(150);
    expect(await vaultOf(player)).toBe(350);
    const socket = await connectLive(baseUrl, player.cookie);
    socket.send({ type: "subscribe", channels: ["me"] });
    await socket.next((m) => m.type === "subscribed");
    const response = await refund(admin, id, { reason: "Gamertag not found on the provider" });
    expect(response.json()).toMatchObject({
      message: adminCashoutMessages.refunded(150, player.me.username),
      cashout: { id, status: "refunded", refundReason: "Gamertag not found on the provider" },
    });
    expect(await socket.nextEvent("cashout")).toMatchObject({
      data: { id, status: "refunded", reason: "Gamertag not found on the provider" },
    });
    socket.close();
    expect(await vaultOf(player)).toBe(500);
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "cashout_refund")));
    expect(rows).toMatchObject([{ account: "vault", delta: 150, refType: "cashout_request", refId: id }]);
    const [listed] = (await player.get("/api/bank")).json().cashouts;
    expect(listed).toMatchObject({ status: "refunded", refundReason: "Gamertag not found on the provider" });
  });

  it("refuses no reason", async () => {
    const { id } = await playerWithCashout(10);
    expect(errorOf(await refund(admin, id, { reason: "" }))).toMatchObject({
      status: 400,
      message: adminCashoutMessages.enterRefundReason,
    });
  });
});

describe("settled exactly once", () => {
  it("404 for an unknown id, 409 'This cash-out is already settled' for a second settlement", async () => {
    expect(errorOf(await paid(admin, unknownId, { reference: "x" }))).toMatchObject({
      status: 404,
      message: adminCashoutMessages.notFound,
    });
    expect(errorOf(await refund(admin, "nope", { reason: "x" }))).toMatchObject({ status: 400 });
    const { id } = await playerWithCashout(30);
    await paid(admin, id, { reference: "A-1" });
    for (const second of [
      await paid(admin, id, { reference: "A-2" }),
      await refund(admin, id, { reason: "late" }),
    ]) {
      expect(errorOf(second)).toMatchObject({ status: 409, message: adminCashoutMessages.alreadySettled });
    }
    const [row] = await t.db.select().from(cashoutRequests).where(eq(cashoutRequests.id, id));
    expect(row).toMatchObject({ status: "paid", providerRef: "A-1" });
  });

  it("'Mark paid' racing 'Refund' and two admins at once leave one outcome and at most one refund row", async () => {
    const second = await signUp(t.app, { username: "cashier_two", email: "cashier_two@arena.test" });
    for (let round = 0; round < 5; round++) {
      const { player, id } = await playerWithCashout(100);
      const answers = await Promise.all([
        paid(admin, id, { reference: `P-${round}` }),
        refund(second, id, { reason: "race" }),
        refund(admin, id, { reason: "race again" }),
        paid(second, id, { reference: `Q-${round}` }),
      ]);
      const won = answers.filter((a) => a.statusCode === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => a.statusCode !== 200)) {
        expect(errorOf(lost)).toMatchObject({ status: 409, message: adminCashoutMessages.alreadySettled });
      }
      const refunds = await t.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.refId, id), eq(coinLedger.reason, "cashout_refund")));
      const outcome = won[0]!.json().cashout.status;
      expect(refunds).toHaveLength(outcome === "refunded" ? 1 : 0);
      expect(await vaultOf(player)).toBe(outcome === "refunded" ? 500 : 400);
    }
  }, 60_000);
});

describe("the record", () => {
  it("every settlement and refusal is in the operations log", async () => {
    const rows = await listAdminOperations(t.db, { action: "cashout", limit: 500 });
    const seen = new Set(rows.map((r) => `${r.action}:${r.result}`));
    for (const entry of [
      "cashout_paid:success",
      "cashout_paid:error",
      "cashout_refund:success",
      "cashout_refund:error",
    ]) {
      expect(seen, entry).toContain(entry);
    }
    const refunded = rows.find((r) => r.action === "cashout_refund" && r.result === "success");
    expect(refunded).toMatchObject({
      targetType: "cashout",
      detail: { reason: expect.any(String), amount: expect.any(Number) },
    });
  });

  it("the economy audit holds: pending plus paid requests equal what left the vaults; refunds came back", async () => {
    const audit = await auditEconomy(t.db);
    expect(audit.problems).toEqual([]);
    expect(audit.cashouts.requested).toBe(audit.cashouts.ledger);
    expect(audit.cashouts.requested).toBeGreaterThan(0);
  });
});
