// The end-of-run proof, read straight from the database: the platform's economy audit, and that every balance
// the server acknowledged with a 2xx is in that player's ledger, in order (nothing committed was lost).
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../../packages/server/src/platform/db/database";
import { rowsOf } from "../../../packages/server/src/platform/db/database";
import { openPglite } from "../../../packages/server/src/platform/db/pglite";
import { openPostgres } from "../../../packages/server/src/platform/db/postgres";
import { auditEconomy, type EconomyAudit } from "../../../packages/server/src/platform/economy-audit";
import { printTable } from "../stats";
import type { SimPlayer } from "./player";

const quietLog = { warn() {} };

/** PGlite admits one process: open its directory only after the server stopped. */
export function openForAudit(target: { pgliteDir: string } | { url: string }): Promise<Database> {
  return "url" in target
    ? openPostgres(target.url, { poolSize: 2, log: quietLog })
    : openPglite(target.pgliteDir);
}

export type AckReport = { players: number; acks: number; missing: string[] };

/** Each player's acknowledged balances must appear in their ledger as a subsequence of balance_after values. */
export async function checkAcks(db: Db, players: SimPlayer[]): Promise<AckReport> {
  const missing: string[] = [];
  let acks = 0;
  for (const player of players) {
    if (player.acks.length === 0) continue;
    const rows = rowsOf<{ account: string; balanceAfter: number }>(
      await db.execute(sql`select account, balance_after as "balanceAfter" from coin_ledger
        where user_id = ${player.me.id} order by id`),
    );
    const cursor = { wallet: 0, vault: 0 };
    for (const ack of player.acks) {
      acks += 1;
      let at = cursor[ack.account];
      while (
        at < rows.length &&
        !(rows[at]!.account === ack.account && rows[at]!.balanceAfter === ack.balance)
      )
        at++;
      if (at === rows.length) {
        missing.push(`${player.email}: ${ack.account} ${ack.balance} after ${ack.route}`);
        break;
      }
      cursor[ack.account] = at;
    }
  }
  return { players: players.length, acks, missing };
}

export async function auditAfterRun(database: Database, players: SimPlayer[]) {
  const economy = await auditEconomy(database.db);
  const acks = await checkAcks(database.db, players);
  return { economy, acks, ok: economy.problems.length === 0 && acks.missing.length === 0 };
}

export function printAudit(economy: EconomyAudit, acks: AckReport): void {
  printTable(
    "Ledger by reason",
    ["reason", "kind", "rows", "coins"],
    economy.reasons.map((r) => [r.reason, r.kind, r.rows, r.total.toLocaleString("en-US")]),
  );
  const verdict = (ok: boolean) => (ok ? "ok" : "FAILED");
  printTable(
    "Ledger check",
    ["check", "result"],
    [
      [
        "every balance equals its ledger",
        `${verdict(economy.ledger.mismatches.length === 0)} (${economy.ledger.accounts} accounts, ${economy.ledger.mismatches.length} mismatches)`,
      ],
      [
        "coins held = created − destroyed",
        `${economy.balances} = ${economy.created} − ${economy.destroyed} → ${verdict(economy.balances === economy.created - economy.destroyed)}`,
      ],
      ["cash-outs hold what left the vaults", `${economy.cashouts.requested} = ${economy.cashouts.ledger}`],
      [
        "bots: most held by one player (cap 20)",
        `${economy.bots.maxPerPlayer} of ${economy.bots.total} bots`,
      ],
      [
        "every 2xx money answer is in the ledger",
        `${verdict(acks.missing.length === 0)} (${acks.acks} acknowledged balances, ${acks.missing.length} missing)`,
      ],
      ["problems", economy.problems.length === 0 ? "none" : economy.problems.join("; ")],
    ],
  );
  for (const line of acks.missing.slice(0, 10)) console.log(`  missing: ${line}`);
}
