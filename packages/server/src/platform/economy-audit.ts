// The economy's invariants beyond "balance = ledger sum", checked from outside after load, faults and abuse:
// coins only appear through creating rules and leave through destroying ones, each transfer (and each reason
// family of transfers) nets to zero and every transfer row belongs to one, cash-outs
// hold exactly what left the vaults, and bots keep one owner and the 20-bot cap. Coins are summed as bigint
// (read from the database as text): an economy's totals pass 2^53, where a JavaScript number stops being exact.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/database";
import { type LedgerReport, verifyLedger } from "./ledger-verify";

/** The roster cap of the spec ("You can only have up to 20 bots"). */
export const MAX_BOTS_PER_PLAYER = 20;

export type ReasonKind = "creation" | "destruction" | "transfer" | "unclassified";

/**
 * How each ledger reason moves money, by prefix so feature-specific suffixes (summon_ten, pvp_stake_won) fall
 * in place. Transfers are grouped by their first word: every group must net to zero.
 */
const reasonKinds: [RegExp, ReasonKind][] = [
  // A cash-out refund gives back to the vault what its request took out: it re-creates those coins.
  [/^(signup|admin_grant|recycle|house_reward|cashout_refund)/, "creation"],
  [
    /^(summon|shop|rename|refresh|repair|cashout|fusion|custom|guild_create|guild_perk|house_cut)/,
    "destruction",
  ],
  // Transfers between accounts: wallet and vault, players, and players' wallets and pools or guild banks.
  [/^(vault|pvp|market|listing|trade|tournament|guild|war)/, "transfer"],
];

export function reasonKind(reason: string): ReasonKind {
  return reasonKinds.find(([pattern]) => pattern.test(reason))?.[1] ?? "unclassified";
}

const transferGroup = (reason: string) => reason.split("_")[0] ?? reason;

/** `untransferred`: the reason's rows that carry no transfer id (a transfer's rows must all carry one). */
export type ReasonTotal = {
  reason: string;
  kind: ReasonKind;
  rows: number;
  total: bigint;
  untransferred: number;
};

export type EconomyAudit = {
  ledger: LedgerReport;
  reasons: ReasonTotal[];
  /** Sum of every account: wallets, vaults, tournament pools, guild banks and war pools. */
  balances: bigint;
  created: bigint;
  destroyed: bigint;
  /** Coins held by pending and paid cash-out requests, and what the ledger says left the vaults for them. */
  cashouts: { requested: bigint; ledger: bigint };
  bots: { total: number; maxPerPlayer: number };
  /** Empty when every invariant holds; each entry says which one broke and by how much. */
  problems: string[];
};

async function reasonTotals(db: Db): Promise<ReasonTotal[]> {
  const rows = rowsOf<{ reason: string; rows: unknown; total: unknown; untransferred: unknown }>(
    await db.execute(sql`
      select reason, count(*) as rows, coalesce(sum(delta), 0)::text as total,
        count(*) filter (where transfer_id is null) as untransferred
      from coin_ledger group by reason order by reason`),
  );
  return rows.map((r) => ({
    reason: r.reason,
    kind: reasonKind(r.reason),
    rows: Number(r.rows),
    total: BigInt(r.total as string),
    untransferred: Number(r.untransferred),
  }));
}

async function single<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

/** The net of every reason of one kind. */
const totalOf = (reasons: readonly ReasonTotal[], kind: ReasonKind): bigint =>
  reasons.filter((r) => r.kind === kind).reduce((a, r) => a + r.total, 0n);

function moneyProblems(reasons: ReasonTotal[], balances: bigint): string[] {
  const problems: string[] = [];
  const sum = (kind: ReasonKind) => totalOf(reasons, kind);
  for (const r of reasons) {
    if (r.kind === "creation" && r.total < 0n) problems.push(`creation reason ${r.reason} nets ${r.total}`);
    if (r.kind === "destruction" && r.total > 0n)
      problems.push(`destruction reason ${r.reason} nets +${r.total}`);
    if (r.kind === "unclassified") problems.push(`unclassified ledger reason ${r.reason} (${r.total})`);
    if (r.kind === "transfer" && r.untransferred > 0)
      problems.push(`${r.untransferred} ${r.reason} row(s) belong to no transfer`);
  }
  const groups = new Map<string, bigint>();
  for (const r of reasons.filter((x) => x.kind === "transfer")) {
    groups.set(transferGroup(r.reason), (groups.get(transferGroup(r.reason)) ?? 0n) + r.total);
  }
  for (const [group, net] of groups) if (net !== 0n) problems.push(`transfers of ${group} net ${net}, not 0`);
  const accounted = sum("creation") + sum("destruction") + sum("transfer") + sum("unclassified");
  if (accounted !== balances)
    problems.push(`balances hold ${balances} but the ledger accounts for ${accounted}`);
  return problems;
}

export async function auditEconomy(db: Db): Promise<EconomyAudit> {
  const ledger = await verifyLedger(db);
  const reasons = await reasonTotals(db);
  const held = await single<{ balances: string }>(
    db,
    sql`select ((select coalesce(sum(coins::numeric + vault_coins), 0) from profiles)
      + (select coalesce(sum(pool_balance), 0) from tournaments)
      + (select coalesce(sum(bank_balance), 0) from guilds)
      + (select coalesce(sum(pool_balance), 0) from guild_wars))::text as balances`,
  );
  const balances = BigInt(held.balances);
  const cashedOut = await single<{ requested: string }>(
    db,
    // Refunded requests gave their coins back to the vault (cashout_refund): pending and paid ones hold them.
    sql`select coalesce(sum(amount), 0)::text as requested from cashout_requests where status <> 'refunded'`,
  );
  const requested = BigInt(cashedOut.requested);
  const bots = await single<{
    total: unknown;
    maxPerPlayer: unknown;
    foreignListings: unknown;
    actives: unknown;
  }>(
    db,
    sql`select
      (select count(*) from bots) as total,
      (select coalesce(max(n), 0) from (select count(*) as n from bots group by user_id) c) as "maxPerPlayer",
      (select count(*) from marketplace_listings l join bots b on b.id = l.bot_id
        where b.user_id <> l.seller_id) as "foreignListings",
      (select coalesce(max(n), 0) from (select count(*) as n from bots where is_active group by user_id) a) as actives`,
  );

  const problems = ledger.mismatches.map(
    (m) => `${m.userId} ${m.account}: balance ${m.balance} but ledger sum ${m.ledgerSum}`,
  );
  for (const u of ledger.unbalanced)
    problems.push(`transfer ${u.transferId}: ${u.rows} row(s) net ${u.net}, not 0`);
  const unnamed = ledger.unbalancedCount - ledger.unbalanced.length;
  if (unnamed > 0) problems.push(`and ${unnamed} more unbalanced transfers`);
  problems.push(...moneyProblems(reasons, balances));
  const cashoutLedger = -reasons
    .filter((r) => r.reason.startsWith("cashout"))
    .reduce((a, r) => a + r.total, 0n);
  if (cashoutLedger !== requested) {
    problems.push(`cash-out requests hold ${requested} but ${cashoutLedger} left the vaults for them`);
  }
  const maxPerPlayer = Number(bots.maxPerPlayer);
  if (maxPerPlayer > MAX_BOTS_PER_PLAYER) problems.push(`a player holds ${maxPerPlayer} bots`);
  if (Number(bots.foreignListings) > 0)
    problems.push(`${bots.foreignListings} listings sell a bot the seller does not own`);
  if (Number(bots.actives) > 1) problems.push("a player has more than one active bot");

  return {
    ledger,
    reasons,
    balances,
    created: totalOf(reasons, "creation"),
    destroyed: -totalOf(reasons, "destruction"),
    cashouts: { requested, ledger: cashoutLedger },
    bots: { total: Number(bots.total), maxPerPlayer },
    problems,
  };
}
