// POST /api/admin/grants/coins: admins only, the admin panel's two messages, the ledger row it writes, and
// parallel grants that all land.
import { adminGrantMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger } from "../../platform/db/schema";
import { verifyLedger } from "../../platform/ledger-verify";

const adminEmail = "grant_boss@arena.test";
let t: TestApp;
let admin: Player;
let player: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail] } });
  admin = await signUp(t.app, { username: "grant_boss", email: adminEmail });
  player = await signUp(t.app);
});
afterAll(() => t.close());

const grant = (as: Player, body: unknown) => as.post("/api/admin/grants/coins", body);
const coinsOf = async (p: Player) => (await p.get("/api/me")).json().coins as number;

describe("POST /api/admin/grants/coins", () => {
  it("is closed without a session and to players", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/admin/grants/coins",
      payload: { email: player.email, amount: 10 },
    });
    expect(errorOf(anonymous)).toMatchObject({ status: 401, message: messages.notAuthenticated });
    const refused = await grant(player, { email: player.email, amount: 10 });
    expect(errorOf(refused)).toMatchObject({ status: 403, message: messages.adminRequired });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("gives the coins through the ledger as admin_grant, finding the email in any case", async () => {
    const target = await signUp(t.app);
    const response = await grant(admin, { email: `  ${target.email.toUpperCase()} `, amount: "250" });
    expect(response.json()).toEqual({
      message: adminGrantMessages.coinsGranted(250, target.me.username),
      userId: target.id,
      username: target.me.username,
      newCoinBalance: 1250,
    });
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, target.id), eq(coinLedger.reason, "admin_grant")));
    expect(rows).toMatchObject([{ delta: 250, balanceAfter: 1250, refType: "admin", refId: admin.id }]);
  });

  it.each([
    ["an empty email", { email: "", amount: 10 }, messages.enterPlayerEmail],
    ["an email of spaces", { email: "   ", amount: 10 }, messages.enterPlayerEmail],
    ["no email", { amount: 10 }, messages.enterPlayerEmail],
    ["zero coins", { email: "x@arena.test", amount: 0 }, messages.coinAmountPositive],
    ["negative coins", { email: "x@arena.test", amount: -5 }, messages.coinAmountPositive],
    ["fractional coins", { email: "x@arena.test", amount: 1.5 }, messages.coinAmountPositive],
    ["text", { email: "x@arena.test", amount: "lots" }, messages.coinAmountPositive],
    ["no amount", { email: "x@arena.test" }, messages.coinAmountPositive],
  ])("refuses %s with its message", async (_, body, message) => {
    expect(errorOf(await grant(admin, body))).toMatchObject({ status: 400, message });
  });

  it("answers 404 for an email nobody has", async () => {
    const response = await grant(admin, { email: "nobody@arena.test", amount: 10 });
    expect(errorOf(response)).toMatchObject({ status: 404, message: adminGrantMessages.playerNotFound });
  });

  it("lands every one of twenty parallel grants", async () => {
    const target = await signUp(t.app);
    await Promise.all(Array.from({ length: 20 }, () => grant(admin, { email: target.email, amount: 5 })));
    expect(await coinsOf(target)).toBe(1100);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });
});
