// Who pays a cash-out once its coins have left the vault. CASHOUT_PROVIDER=record-only (the default) records the
// request for the operators, who pay it elsewhere and click 'Mark paid'; CASHOUT_PROVIDER=zbd pays it through
// ZBD (payout-runner.ts), and refuses an unknown gamertag before any coin moves. The operators see the project
// wallet's balance, and a metric and a log line warn when it runs low.
import type { PayoutsStanding } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CashoutConfig } from "../../platform/config";
import { type Db, rowsOf } from "../../platform/db/database";
import { createZbdClient, type ZbdClient } from "./zbd-client";

/** The wallet's balance is asked for at most this often per process (admin pages, metrics scrapes). */
const BALANCE_FRESH_MS = 15_000;
/** A low wallet is logged at most this often per process. */
const LOW_WARNING_EVERY_MS = 10 * 60_000;

export type Payouts = {
  readonly name: CashoutConfig["provider"];
  /** The ZBD client when requests are paid by the payout runner; null when the operators pay by hand. */
  readonly client: ZbdClient | null;
  /** False only when the provider says the gamertag does not exist; record-only knows no gamertags. */
  gamertagExists(gamertag: string): Promise<boolean>;
  /** What the operators' queue shows of the provider. */
  standing(): Promise<PayoutsStanding>;
  /** The last figures for the metrics: wallet balance (null when unknown) and held requests. */
  gauges(): { walletMsats: bigint | null; held: number };
};

export function createPayouts(deps: { db: Db; config: CashoutConfig; log: FastifyBaseLogger }): Payouts {
  const { config, log } = deps;
  const client = config.zbd
    ? createZbdClient({
        apiKey: config.zbd.apiKey,
        baseUrl: config.zbd.apiUrl,
        timeoutMs: config.zbd.timeoutMs,
      })
    : null;
  const lowLine = BigInt(config.walletLowCoins) * config.msatsPerCoin;
  let balance: { msats: bigint | null; at: number } = { msats: null, at: -Infinity };
  let held = 0;
  let warnedAt = -Infinity;

  async function walletMsats(): Promise<bigint | null> {
    if (!client) return null;
    if (Date.now() - balance.at < BALANCE_FRESH_MS) return balance.msats;
    try {
      balance = { msats: await client.walletBalanceMsats(), at: Date.now() };
    } catch (error) {
      log.warn({ err: error }, "payouts: the ZBD wallet's balance could not be read");
      balance = { msats: null, at: Date.now() };
    }
    if (balance.msats !== null && balance.msats < lowLine && Date.now() - warnedAt > LOW_WARNING_EVERY_MS) {
      warnedAt = Date.now();
      log.warn(
        { walletMsats: balance.msats.toString(), lowMsats: lowLine.toString() },
        "payouts: the ZBD project wallet is low; top it up before payouts are held",
      );
    }
    return balance.msats;
  }

  return {
    name: config.provider,
    client,
    gamertagExists: (gamertag) => (client ? client.gamertagExists(gamertag) : Promise.resolve(true)),
    async standing() {
      const [msats, count] = await Promise.all([
        walletMsats(),
        deps.db.execute(
          sql`select count(*)::int as held from cashout_requests where status = 'pending' and stage = 'held'`,
        ),
      ]);
      held = rowsOf<{ held: number }>(count)[0]?.held ?? 0;
      return {
        provider: config.provider,
        walletMsats: msats === null ? null : msats.toString(),
        walletCoins: msats === null ? null : Number(msats / config.msatsPerCoin),
        low: msats !== null && msats < lowLine,
        held,
      };
    },
    gauges: () => ({ walletMsats: balance.msats, held }),
  };
}
