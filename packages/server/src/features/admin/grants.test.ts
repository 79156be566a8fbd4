// Player Management routes: grants of coins and equipment (admins only, every message of the panel, the ledger
// row pointing at the log row with the admin and the reason, parallel grants that all land) and the lookup.
import { adminGrantMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger, equipment, inventory } from "../../platform/db/schema";
import { verifyLedger } from "../../platform/ledger-verify";
import { listAdminOperations } from "../../platform/ops-log";
import { expectAdminOnly } from "./access";

const adminEmail = "grant_boss@arena.test";
let t: TestApp;
let admin: Player;
let player: Player;
let sword: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail] } });
  admin = await signUp(t.app, { username: "grant_boss", email: adminEmail });
  player = await signUp(t.app);
  const [cheapest] = await t.db
    .select({ id: equipment.id, name: equipment.name })
    .from(equipment)
    .orderBy(asc(equipment.price))
    .limit(1);
  sword = cheapest!;
});
afterAll(() => t.close());

const reason = "Compensation for the outage";
const grant = (as: Player, body: unknown) => as.post("/api/admin/grants/coins", body);
const grantItem = (as: Player, body: unknown) => as.post("/api/admin/grants/equipment", body);
const coinsOf = async (p: Player) => (await p.get("/api/me")).json().coins as number;

describe("who may grant and look up", () => {
  it.each([
    ["POST", "/api/admin/grants/coins", { email: "x@arena.test", amount: 10, reason }],
    ["POST", "/api/admin/grants/equipment", { email: "x@arena.test", equipmentId: "x", reason }],
    ["GET", "/api/admin/players?q=a", undefined],
    ["GET", "/api/admin/operations", undefined],
  ])("%s %s: 401 without a session, 403 for a player", async (method, url, payload) => {
    await expectAdminOnly(t.app, player, [method, url, payload]);
  });

  it("a refused player's grant moves nothing", async () => {
    await grant(player, { email: player.email, amount: 10, reason });
    expect(await coinsOf(player)).toBe(1000);
  });
});

describe("POST /api/admin/grants/coins", () => {
  it("gives the coins through the ledger as admin_grant, pointing at the log row with the admin and reason", async () => {
    const target = await signUp(t.app);
    const response = await grant(admin, { email: `  ${target.email.toUpperCase()} `, amount: "250", reason });
    const body = response.json();
    expect(body).toEqual({
      message: adminGrantMessages.coinsGranted(250, target.me.username),
      userId: target.id,
      username: target.me.username,
      newCoinBalance: 1250,
      operationId: expect.any(Number),
    });
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, target.id), eq(coinLedger.reason, "admin_grant")));
    expect(rows).toMatchObject([
      { delta: 250, balanceAfter: 1250, refType: "admin_operation", refId: String(body.operationId) },
    ]);
    const [logged] = await listAdminOperations(t.db, { action: "grant_coins", result: "success", limit: 1 });
    expect(logged).toMatchObject({
      id: body.operationId,
      adminId: admin.id,
      adminUsername: "grant_boss",
      targetType: "player",
      targetId: target.id,
      detail: { amount: 250, reason, username: target.me.username },
    });
  });

  it("the player sees the grant with its reason in their coin history", async () => {
    const target = await signUp(t.app);
    await grant(admin, { email: target.email, amount: 40, reason: "Tournament bug refund" });
    const [entry] = (await target.get("/api/bank/ledger")).json().entries;
    expect(entry).toMatchObject({ reason: "admin_grant", delta: 40, note: "Tournament bug refund" });
  });

  it.each([
    ["an empty email", { email: "", amount: 10, reason }, messages.enterPlayerEmail],
    ["an email of spaces", { email: "   ", amount: 10, reason }, messages.enterPlayerEmail],
    ["no email", { amount: 10, reason }, messages.enterPlayerEmail],
    ["zero coins", { email: "x@arena.test", amount: 0, reason }, messages.coinAmountPositive],
    ["negative coins", { email: "x@arena.test", amount: -5, reason }, messages.coinAmountPositive],
    ["fractional coins", { email: "x@arena.test", amount: 1.5, reason }, messages.coinAmountPositive],
    ["text", { email: "x@arena.test", amount: "lots", reason }, messages.coinAmountPositive],
    ["no amount", { email: "x@arena.test", reason }, messages.coinAmountPositive],
    ["no reason", { email: "x@arena.test", amount: 10 }, adminGrantMessages.enterReason],
    ["a blank reason", { email: "x@arena.test", amount: 10, reason: "  " }, adminGrantMessages.enterReason],
    [
      "a 201-character reason",
      { email: "x@arena.test", amount: 10, reason: "r".repeat(201) },
      adminGrantMessages.reasonTooLong,
    ],
  ])("refuses %s with its message", async (_, body, message) => {
    expect(errorOf(await grant(admin, body))).toMatchObject({ status: 400, message });
  });

  it("answers 404 for an email nobody has, and logs the refusal", async () => {
    const response = await grant(admin, { email: "nobody@arena.test", amount: 10, reason });
    expect(errorOf(response)).toMatchObject({ status: 404, message: adminGrantMessages.playerNotFound });
    const [logged] = await listAdminOperations(t.db, { action: "grant_coins", result: "error", limit: 1 });
    expect(logged).toMatchObject({
      adminId: admin.id,
      detail: { email: "nobody@arena.test", message: adminGrantMessages.playerNotFound },
    });
  });

  it("refuses a grant past the 1,000,000,000,000 coin maximum, naming the player, and moves nothing", async () => {
    const target = await signUp(t.app);
    // 1000 from the sign-up: the wallet is 10 coins short of the maximum.
    expect((await grant(admin, { email: target.email, amount: 999_999_998_990, reason })).statusCode).toBe(
      200,
    );
    const refused = await grant(admin, { email: target.email, amount: 11, reason });
    const message = `That would take ${target.me.username}'s wallet past the 1,000,000,000,000 coin maximum.`;
    expect(errorOf(refused)).toEqual({ status: 409, code: "LIMIT_REACHED", message });
    expect(await coinsOf(target)).toBe(999_999_999_990);
    const grants = () =>
      t.db
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.userId, target.id), eq(coinLedger.reason, "admin_grant")));
    expect(await grants()).toHaveLength(1);
    const [logged] = await listAdminOperations(t.db, { action: "grant_coins", result: "error", limit: 1 });
    expect(logged).toMatchObject({ detail: { email: target.email, amount: 11, message } });

    const filled = await grant(admin, { email: target.email, amount: 10, reason });
    expect(filled.json()).toMatchObject({ newCoinBalance: 1_000_000_000_000 });
    expect(await grants()).toHaveLength(2);
  });

  it("lands every one of twenty parallel grants, each with its own log row", async () => {
    const target = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => grant(admin, { email: target.email, amount: 5, reason })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await coinsOf(target)).toBe(1100);
    expect(new Set(responses.map((r) => r.json().operationId)).size).toBe(20);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });
});

describe("POST /api/admin/grants/equipment", () => {
  it("puts the item in the player's inventory and logs it", async () => {
    const target = await signUp(t.app);
    const response = await grantItem(admin, { email: target.email, equipmentId: sword.id, reason });
    expect(response.json()).toMatchObject({
      message: adminGrantMessages.equipmentGranted(sword.name, target.me.username),
      equipmentName: sword.name,
      userId: target.id,
    });
    const owned = await t.db.select().from(inventory).where(eq(inventory.userId, target.id));
    expect(owned).toMatchObject([{ equipmentId: sword.id, isEquipped: false }]);
    expect((await target.get("/api/inventory")).statusCode).toBe(200);
    const [logged] = await listAdminOperations(t.db, {
      action: "grant_equipment",
      result: "success",
      limit: 1,
    });
    expect(logged).toMatchObject({ targetId: target.id, detail: { equipmentName: sword.name, reason } });
  });

  it.each([
    ["no email", { equipmentId: "x", reason }, 400, messages.enterPlayerEmail],
    ["no equipment", { email: "x@arena.test", reason }, 400, messages.selectEquipment],
    ["a null equipment", { email: "x@arena.test", equipmentId: null, reason }, 400, messages.selectEquipment],
    ["an empty equipment", { email: "x@arena.test", equipmentId: "", reason }, 400, messages.selectEquipment],
    ["no reason", { email: "x@arena.test", equipmentId: "x" }, 400, adminGrantMessages.enterReason],
    [
      "unknown equipment",
      { email: "x@arena.test", equipmentId: "x", reason },
      404,
      adminGrantMessages.equipmentNotFound,
    ],
  ])("refuses %s", async (_, body, status, message) => {
    expect(errorOf(await grantItem(admin, body))).toMatchObject({ status, message });
  });

  it("answers 404 for an unknown player or item id", async () => {
    expect(
      errorOf(await grantItem(admin, { email: "nobody@arena.test", equipmentId: sword.id, reason })),
    ).toMatchObject({
      status: 404,
      message: adminGrantMessages.playerNotFound,
    });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      errorOf(await grantItem(admin, { email: player.email, equipmentId: unknown, reason })),
    ).toMatchObject({
      status: 404,
      message: adminGrantMessages.equipmentNotFound,
    });
  });
});

describe("GET /api/admin/players", () => {
  it("finds players by any part of the name or e-mail, with balances, bots and recent coins", async () => {
    const target = await signUp(t.app, { username: "Lookup_Target_1" });
    await grant(admin, { email: target.email, amount: 77, reason });
    const byName = (await admin.get("/api/admin/players?q=lookup_target")).json().players;
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({
      id: target.id,
      username: "Lookup_Target_1",
      email: target.email,
      isAdmin: false,
      coins: 1077,
      vaultCoins: 0,
      bots: [],
    });
    expect(byName[0].recentCoins.map((c: { reason: string }) => c.reason)).toEqual([
      "admin_grant",
      "signup_bonus",
    ]);
    const byEmail = (
      await admin.get(`/api/admin/players?q=${encodeURIComponent(adminEmail.toUpperCase())}`)
    ).json();
    expect(byEmail.players[0]).toMatchObject({ username: "grant_boss", isAdmin: true });
  });

  it("treats % and _ as plain characters and answers nothing for no match", async () => {
    expect((await admin.get("/api/admin/players?q=%25%25")).json().players).toEqual([]);
    expect((await admin.get("/api/admin/players?q=zz_no_such_pilot")).json().players).toEqual([]);
  });
});
