// Migration 0024 gives the rows written before transfer ids their ids: every transfer the game makes, its ids
// taken away, gets them back paired exactly as the ledger paired them, and running it again changes nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Coins } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { playEveryTransfer } from "../../features/bank/transfer-kit";
import { auditEconomy } from "../economy-audit";
import type { UserId } from "../ids";
import { type CoinMove, moveCoins, newTransferId } from "../ledger";
import { rowsOf } from "./database";
import { lockProfiles } from "./locks";
import { migrationsFolder } from "./migrate";

const backfill = readFileSync(path.join(migrationsFolder, "0024_ledger_transfer_ids.sql"), "utf8")
  .split("--> statement-breakpoint")
  .at(-1)!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { ann, bob } = await playEveryTransfer(t);
  await interleavedDeposits(ann.id, bob.id);
});

/**
 * Two players' deposits of one amount whose rows' ids interleave, as two processes' do on PostgreSQL: only what
 * the rows refer to tells which wallet row pairs with which vault row.
 */
async function interleavedDeposits(annId: UserId, bobId: UserId) {
  const leg = (userId: UserId, account: "wallet" | "vault", transferId: string): CoinMove => ({
    userId,
    account,
    ...(account === "wallet" ? { debit: Coins(10) } : { credit: Coins(10) }),
    reason: "vault_deposit",
    refType: "vault",
    refId: userId,
    transferId,
  });
  const [ann, bob] = [newTransferId(), newTransferId()];
  await t.db.transaction(async (tx) => {
    await lockProfiles(tx, [annId, bobId]);
    for (const move of [
      leg(annId, "wallet", ann),
      leg(bobId, "wallet", bob),
      leg(bobId, "vault", bob),
      leg(annId, "vault", ann),
    ]) {
      await moveCoins(tx, move);
    }
  });
}
afterAll(() => t.close());

/** The transfers as sets of row ids (each sorted, then all sorted), and the rows in none. */
async function pairing() {
  const rows = rowsOf<{ id: number; transferId: string | null; reason: string }>(
    await t.db.execute(
      sql`select id::int as id, transfer_id::text as "transferId", reason from coin_ledger order by id`,
    ),
  );
  const groups = new Map<string, number[]>();
  for (const row of rows)
    if (row.transferId) groups.set(row.transferId, [...(groups.get(row.transferId) ?? []), row.id]);
  return {
    transfers: [...groups.values()].map((ids) => ids.join(",")).sort(),
    ids: rows.map((row) => row.transferId),
    alone: rows
      .filter((row) => !row.transferId)
      .map((row) => row.reason)
      .sort(),
  };
}

describe("the transfer-id backfill", () => {
  it("pairs every transfer's rows as the ledger paired them, and leaves the house's rows alone", async () => {
    const written = await pairing();
    // Deposit twice, withdraw, the PvP stake, the sale, the donation, two entries, two refunds, two stakes, and
    // the two interleaved deposits.
    expect(written.transfers).toHaveLength(14);
    expect(written.transfers.every((ids) => ids.split(",").length === 2)).toBe(true);
    await t.db.execute(sql`update coin_ledger set transfer_id = null`);
    await t.db.execute(sql.raw(backfill));
    const backfilled = await pairing();
    expect(backfilled.transfers).toEqual(written.transfers);
    expect(backfilled.alone).toEqual(written.alone);
    await t.db.execute(sql.raw(backfill));
    expect((await pairing()).ids).toEqual(backfilled.ids);
    expect((await auditEconomy(t.db)).problems.filter((p) => !p.includes("test_grant"))).toEqual([]);
  });
});
