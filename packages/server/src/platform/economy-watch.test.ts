// The economy audits itself: a clean economy says nothing; a balance off its ledger is an error in the log and a
// row in the operations log written by the server (shown to admins with no admin's name); one process at a
// time; and on a timer until stopped.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, signUp, type TestApp } from "../../test/helpers";
import { raceIt } from "../../test/race";
import { profiles } from "./db/schema";
import { createEconomyWatch, ECONOMY_AUDIT_LOCK_KEY } from "./economy-watch";

let t: TestApp;
let admin: Player;
let victim: Player;
const errors: unknown[] = [];
const log = { warn: (obj: unknown) => void errors.push(obj), error: (obj: unknown) => void errors.push(obj) };
const watch = () => createEconomyWatch({ db: t.db, log, intervalMs: 0 });
const auditRows = async () =>
  (await admin.get("/api/admin/operations?action=economy_audit")).json().operations as {
    adminId: string | null;
    adminUsername: string | null;
    result: string;
    targetType: string;
    detail: { problems: string[]; count: number };
  }[];

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ["auditor@arena.test"] } });
  admin = await signUp(t.app, { username: "auditor", email: "auditor@arena.test" });
  victim = await signUp(t.app);
});
afterAll(() => t.close());

const tamper = (coins: number) => t.db.update(profiles).set({ coins }).where(eq(profiles.id, victim.id));

describe("the economy watch", () => {
  it("audits a clean economy and says nothing", async () => {
    const audit = await watch().runOnce();
    expect(audit?.problems).toEqual([]);
    expect(errors).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it("logs a balance off its ledger as an error and a row of the server's in the operations log", async () => {
    await tamper(1234);
    const audit = await watch().runOnce();
    await tamper(1000);
    const mismatch = `${victim.id} wallet: balance 1234 but ledger sum 1000`;
    expect(audit?.problems).toContain(mismatch);
    expect(errors).toHaveLength(1);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: null,
      adminUsername: null,
      result: "error",
      targetType: "economy",
    });
    expect(rows[0]?.detail.problems).toContain(mismatch);
    expect(rows[0]?.detail.count).toBe(audit?.problems.length);
  });

  it("audits on its timer until stopped", async () => {
    errors.length = 0;
    await tamper(1500);
    const timed = createEconomyWatch({ db: t.db, log, intervalMs: 20 });
    timed.start();
    for (let waited = 0; errors.length < 2 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await timed.stop();
    await tamper(1000);
    const seen = errors.length;
    expect(seen).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toHaveLength(seen);
  });

  raceIt("skips its turn while another process audits", async () => {
    // The turn held by another transaction (another connection of the pool: another process, to the database).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ECONOMY_AUDIT_LOCK_KEY})`);
      expect(await watch().runOnce()).toBeNull();
    });
    expect(await watch().runOnce()).not.toBeNull();
  });
});
