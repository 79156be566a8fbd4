// The economy checks itself: every process runs the audit (economy-audit.ts) every ECONOMY_AUDIT_MINUTES, one
// process at a time (a transaction-scoped advisory lock; the others skip that turn), on one snapshot (a
// repeatable-read, read-only transaction, so money moving during the audit cannot look like a mismatch). A
// problem is an error in the log and a row in the admins' operations log, written by the server itself.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/database";
import { logJobFailure } from "./db/pg-error";
import { auditEconomy, type EconomyAudit } from "./economy-audit";
import { logAdminAction } from "./ops-log";

/** Any fixed number works as long as every process agrees on it (not the start-up lock's). */
export const ECONOMY_AUDIT_LOCK_KEY = 0x0ba7_ec0a;
/** At most this many problems are copied into the operations log's row; the count says how many there were. */
const PROBLEMS_KEPT = 50;

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type EconomyWatch = {
  /** One audit now; null when another process holds the turn. */
  runOnce(): Promise<EconomyAudit | null>;
  /** Audits every interval (no-op when it is 0 or already running). */
  start(): void;
  /** Stops the timer and waits for an audit in flight, so the database can close after it. */
  stop(): Promise<void>;
  /** This process's last audit: when (ms since the epoch) and how many problems it found; null before one. */
  last(): { at: number; problems: number } | null;
};

export function createEconomyWatch(deps: { db: Db; log: Log; intervalMs: number }): EconomyWatch {
  const { db, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  let last: { at: number; problems: number } | null = null;

  async function runOnce(): Promise<EconomyAudit | null> {
    const audit = await db.transaction(
      async (tx) => {
        const [turn] = rowsOf<{ mine: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${ECONOMY_AUDIT_LOCK_KEY}) as mine`),
        );
        return turn?.mine ? auditEconomy(tx) : null;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (audit) last = { at: Date.now(), problems: audit.problems.length };
    if (audit && audit.problems.length > 0) {
      log.error({ problems: audit.problems }, "economy audit: the ledger and the balances disagree");
      await logAdminAction(db, {
        adminId: null,
        action: "economy_audit",
        targetType: "economy",
        result: "error",
        detail: { problems: audit.problems.slice(0, PROBLEMS_KEPT), count: audit.problems.length },
      });
    }
    return audit;
  }

  const tick = () => {
    inFlight = runOnce()
      .catch((error) => logJobFailure(log, error, "economy audit failed to run"))
      .finally(() => {
        inFlight = null;
        if (timer) timer = setTimeout(tick, deps.intervalMs).unref();
      });
  };

  return {
    runOnce,
    last: () => last,
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      timer = setTimeout(tick, deps.intervalMs).unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}
