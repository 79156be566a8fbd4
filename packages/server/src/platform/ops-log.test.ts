// The operations log: rows land with the action's transaction (and vanish with its rollback), read back newest
// first with filters, and the database refuses to change or remove them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, signUp, type TestApp } from "../../test/helpers";
import { pgErrorOf } from "./db/pg-error";
import { listAdminOperations, logAdminAction } from "./ops-log";

let t: TestApp;
let admin: Player;
let other: Player;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

describe("logAdminAction", () => {
  it("writes a row that reads back with the admin's name, newest first", async () => {
    const first = await logAdminAction(t.db, {
      adminId: admin.id,
      action: "grant_coins",
      targetType: "player",
      targetId: other.id,
      result: "success",
      detail: { amount: 250, reason: "bug bounty" },
    });
    const second = await logAdminAction(t.db, {
      adminId: other.id,
      action: "image_clear",
      result: "warning",
    });
    expect(second).toBeGreaterThan(first);
    const rows = await listAdminOperations(t.db);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual([second, first]);
    expect(rows[1]).toMatchObject({
      adminId: admin.id,
      adminUsername: admin.me.username,
      action: "grant_coins",
      targetType: "player",
      targetId: other.id,
      result: "success",
      detail: { amount: 250, reason: "bug bounty" },
    });
    expect(rows[0]).toMatchObject({ targetType: null, targetId: null, detail: {} });
  });

  it("filters by admin, action, result and paging", async () => {
    await logAdminAction(t.db, { adminId: admin.id, action: "music_delete", result: "error" });
    expect(
      (await listAdminOperations(t.db, { adminId: other.id })).every((r) => r.adminId === other.id),
    ).toBe(true);
    const errors = await listAdminOperations(t.db, { result: "error" });
    expect(errors.map((r) => r.action)).toEqual(["music_delete"]);
    const all = await listAdminOperations(t.db);
    expect(await listAdminOperations(t.db, { beforeId: all[0]!.id, limit: 1 })).toEqual([all[1]]);
    expect(await listAdminOperations(t.db, { action: "grant_coins" })).toHaveLength(1);
  });

  it("commits with the action's transaction and rolls back with it", async () => {
    const before = (await listAdminOperations(t.db)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await logAdminAction(tx, { adminId: admin.id, action: "grant_coins", result: "success" });
        throw new Error("the grant failed");
      }),
    ).rejects.toThrow("the grant failed");
    expect(await listAdminOperations(t.db)).toHaveLength(before);
  });

  it("refuses an unknown result in the database", async () => {
    await expect(
      logAdminAction(t.db, { adminId: admin.id, action: "x", result: "maybe" as "success" }),
    ).rejects.toThrow();
  });

  it("is append-only: update, delete and truncate are refused by the database", async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => null,
        (error: unknown) => pgErrorOf(error),
      );
    for (const statement of [
      sql`update admin_operations set result = 'success'`,
      sql`delete from admin_operations`,
      sql`truncate admin_operations`,
    ]) {
      expect(await refusal(statement)).toMatchObject({
        code: "42501",
        message: "admin_operations is append-only",
      });
    }
    expect((await listAdminOperations(t.db)).length).toBeGreaterThan(0);
  });
});
