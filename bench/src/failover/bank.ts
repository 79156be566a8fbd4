// Jepsen's bank read, on the primary only: in one snapshot, every coin account's total against what the house
// created minus what it destroyed (the ledger's rows outside any transfer), and the accounts below zero.
import pg from "pg";

export type BankRead = {
  at: number;
  held: bigint;
  created: bigint;
  destroyed: bigint;
  negative: number;
  ok: boolean;
};

const SNAPSHOT = `select
    ((select coalesce(sum(coins::numeric + vault_coins), 0) from profiles)
      + (select coalesce(sum(pool_balance), 0) from tournaments)
      + (select coalesce(sum(bank_balance), 0) from guilds)
      + (select coalesce(sum(pool_balance), 0) from guild_wars))::text as held,
    (select coalesce(sum(delta) filter (where delta > 0), 0) from coin_ledger where transfer_id is null)::text
      as created,
    (select coalesce(-sum(delta) filter (where delta < 0), 0) from coin_ledger where transfer_id is null)::text
      as destroyed,
    ((select count(*) from profiles where coins < 0 or vault_coins < 0)
      + (select count(*) from tournaments where pool_balance < 0)
      + (select count(*) from guilds where bank_balance < 0)
      + (select count(*) from guild_wars where pool_balance < 0))::int as negative`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** The node that takes writes now, or null while none does. */
export async function primaryOf(urls: string[]): Promise<string | null> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const client = await connect(url).catch(() => null);
      if (!client) return null;
      try {
        const { rows } = await client.query<{ standby: boolean }>("select pg_is_in_recovery() as standby");
        return rows[0]?.standby === false ? url : null;
      } catch {
        return null;
      } finally {
        await client.end().catch(() => {});
      }
    }),
  );
  return answers.find((url) => url !== null) ?? null;
}

/** One read on the primary, or null while none answers. */
export async function readBank(urls: string[]): Promise<BankRead | null> {
  const primary = await primaryOf(urls);
  if (!primary) return null;
  const client = await connect(primary).catch(() => null);
  if (!client) return null;
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{
      held: string;
      created: string;
      destroyed: string;
      negative: number;
    }>(SNAPSHOT);
    await client.query("commit");
    const row = rows[0]!;
    const [held, created, destroyed] = [BigInt(row.held), BigInt(row.created), BigInt(row.destroyed)];
    return {
      at: performance.now(),
      held,
      created,
      destroyed,
      negative: row.negative,
      ok: held === created - destroyed && row.negative === 0,
    };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
