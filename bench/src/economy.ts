// `npm run bench -- --only=economy`: marketplace purchases under contention. Sellers list a round of bots, then
// every buyer at once tries to buy one of them (100 buyers, 10 listings per round by default); exactly one
// buyer may win each listing. Prints purchases per second, latency percentiles, and the proof that no coin
// was created or lost: every balance plus pending cash-outs before and after, and the ledger verification.
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../packages/server/src/platform/db/database";
import { verifyLedger } from "../../packages/server/src/platform/ledger-verify";
import { type Answer, cookieFrom, request } from "./http";
import { openForAudit } from "./sim/audit";
import { type BenchDatabase, createBenchDatabase } from "./sim/database";
import { startFleet } from "./sim/index";
import { ADMIN_EMAIL, pool } from "./sim/run";
import { printTable, summarize } from "./stats";

export type EconomyBenchOptions = {
  buyers: number;
  /** Sellers, one listing each per round: the listings buyers contend for. */
  listings: number;
  /** At most 10: each seller lists the ten bots of one 10x summon. */
  rounds: number;
  postgresUrl: string | null;
  port: number;
};

type Client = { email: string; cookie: string };

const PASSWORD = "bench-pass-1";
const SUMMON_TEN_PRICE = 5000;

function json<T>(answer: Answer, what: string): T {
  if (answer.status >= 300) throw new Error(`${what} failed: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

export async function benchMarketplace(options: EconomyBenchOptions): Promise<boolean> {
  const rounds = Math.min(options.rounds, 10);
  const database: BenchDatabase | null = options.postgresUrl
    ? await createBenchDatabase(options.postgresUrl)
    : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-bench-economy-"));
  const [server] = await startFleet({ servers: 1, port: options.port, poolSize: 20 }, database, dataDir);
  const base = server!.base;
  const run = randomInt(1e9).toString(36);
  const call = (client: Client | null, method: string, path: string, body?: unknown) =>
    request(base, method, path, {
      ...(client ? { cookie: client.cookie } : {}),
      ...(body === undefined ? {} : { body }),
    });

  try {
    const signUp = async (name: string, email: string): Promise<Client> => {
      const answer = await call(null, "POST", "/api/auth/sign-up", {
        username: name,
        email,
        password: PASSWORD,
      });
      json(answer, `sign-up ${email}`);
      return { email, cookie: cookieFrom(answer) };
    };
    const admin = await signUp(`econadmin${run}`, ADMIN_EMAIL);
    const sellers: Client[] = [];
    const buyers: Client[] = [];
    await pool(options.listings, 8, async (i) => {
      sellers[i] = await signUp(`seller${i}_${run}`, `seller${i}_${run}@bench.test`);
    });
    await pool(options.buyers, 8, async (i) => {
      buyers[i] = await signUp(`buyer${i}_${run}`, `buyer${i}_${run}@bench.test`);
    });

    // Each seller: a first bot (active, never listed), ten summoned bots set up for sale, and a cash-out left
    // pending so the coin count below has to account for the vault and the payout queue too.
    const stock: string[][] = [];
    await pool(sellers.length, 4, async (i) => {
      const seller = sellers[i]!;
      json(
        await call(admin, "POST", "/api/admin/grants/coins", {
          email: seller.email,
          amount: SUMMON_TEN_PRICE,
          reason: "bench setup",
        }),
        "grant",
      );
      const bot = {
        name: `Keeper ${i}`,
        model: "Nova S-4",
        colorScheme: "Cyber Blue",
        strength: 10,
        agility: 10,
        defense: 10,
        intelligence: 10,
      };
      json(await call(seller, "POST", "/api/bots", bot), "create bot");
      const { botIds } = json<{ botIds: string[] }>(
        await call(seller, "POST", "/api/bots/summon", { count: 10 }),
        "summon",
      );
      for (const [n, id] of botIds.entries()) {
        json(await call(seller, "POST", `/api/bots/${id}/name`, { name: `Stock ${i}-${n}` }), "name");
        const points = { strength: 4, agility: 3, defense: 2, intelligence: 1 };
        json(await call(seller, "POST", `/api/bots/${id}/allocate`, points), "allocate");
      }
      json(await call(seller, "POST", "/api/bank/deposit", { amount: 300 }), "deposit");
      json(
        await call(seller, "POST", "/api/bank/cashout", { gamertag: `seller${i}`, amount: 120 }),
        "cash-out",
      );
      stock[i] = botIds;
    });

    const everyone = [admin, ...sellers, ...buyers];
    const coinCount = async () => {
      let total = 0;
      for (const client of everyone) {
        const bank = json<{
          coins: number;
          vaultCoins: number;
          cashouts: { amount: number; status: string }[];
        }>(await call(client, "GET", "/api/bank"), "bank");
        total += bank.coins + bank.vaultCoins;
        total += bank.cashouts.filter((c) => c.status === "pending").reduce((sum, c) => sum + c.amount, 0);
      }
      return total;
    };
    const before = await coinCount();

    const latencies: number[] = [];
    const winLatencies: number[] = [];
    const statuses = new Map<number, number>();
    let sold = 0;
    let unsold = 0;
    let buyMs = 0;
    for (let round = 0; round < rounds; round++) {
      const listingIds: string[] = [];
      for (const [i, seller] of sellers.entries()) {
        const price = 10 + randomInt(90);
        const created = json<{ listing: { id: string } }>(
          await call(seller, "POST", "/api/marketplace/listings", { botId: stock[i]![round], price }),
          "listing",
        );
        listingIds.push(created.listing.id);
      }
      const started = performance.now();
      await Promise.all(
        buyers.map(async (buyer) => {
          const target = listingIds[randomInt(listingIds.length)]!;
          const t0 = performance.now();
          const answer = await call(buyer, "POST", `/api/marketplace/listings/${target}/buy`);
          const ms = performance.now() - t0;
          latencies.push(ms);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200) {
            sold++;
            winLatencies.push(ms);
          }
        }),
      );
      buyMs += performance.now() - started;
      // A listing no buyer happened to pick is withdrawn, so every round starts from a clean market.
      const left = json<{ listings: { id: string; seller: { id: string } }[] }>(
        await call(sellers[0]!, "GET", "/api/marketplace"),
        "market",
      );
      for (const listing of left.listings) {
        const owner = sellers[listingIds.indexOf(listing.id)];
        if (owner) {
          json(await call(owner, "DELETE", `/api/marketplace/listings/${listing.id}`), "unlist");
          unsold++;
        }
      }
    }
    const after = await coinCount();

    const all = summarize(latencies, buyMs / 1000);
    const wins = summarize(winLatencies, buyMs / 1000);
    printTable(
      `Marketplace purchases under contention (${options.buyers} buyers racing for ${options.listings} listings, ${rounds} rounds, ${database ? "PostgreSQL" : "PGlite"})`,
      ["requests", "count", "per second", "p50 ms", "p95 ms", "p99 ms", "max ms"],
      [
        ["every buy attempt", all.count, all.rps, all.p50, all.p95, all.p99, all.max],
        ["winning purchases", wins.count, wins.rps, wins.p50, wins.p95, wins.p99, wins.max],
      ],
    );
    console.log(
      `answers: ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(", ")}; listings sold ${sold}, unpicked ${unsold}, of ${rounds * options.listings}`,
    );
    await server!.stop();

    const audit = await openForAudit(
      database ? { url: database.url } : { pgliteDir: join(dataDir, "pglite") },
    );
    try {
      const ledger = await verifyLedger(audit.db);
      const [counts] = rowsOf<{ sales: number; listings: number; maxBots: number }>(
        await audit.db.execute(sql`select
          (select count(*) from marketplace_sales)::int as sales,
          (select count(*) from marketplace_listings)::int as listings,
          (select coalesce(max(n), 0) from (select count(*) as n from bots group by user_id) b)::int as "maxBots"`),
      );
      const verdict = (ok: boolean) => (ok ? "ok" : "FAILED");
      const oneWinner = counts!.sales === sold && sold + unsold === rounds * options.listings;
      printTable(
        "Coins and ownership after the run",
        ["check", "result"],
        [
          [
            "coins in wallets + vaults + pending cash-outs",
            `before ${before}, after ${after} → ${verdict(before === after)}`,
          ],
          [
            "ledger verification",
            `${verdict(ledger.mismatches.length === 0)} (${ledger.accounts} accounts, ${ledger.mismatches.length} mismatches)`,
          ],
          [
            "each listing sold at most once",
            `${counts!.sales} sales for ${sold} winning answers → ${verdict(oneWinner)}`,
          ],
          ["listings left open", String(counts!.listings)],
          ["most bots held by one player (cap 20)", String(counts!.maxBots)],
        ],
      );
      return before === after && ledger.mismatches.length === 0 && oneWinner && counts!.maxBots <= 20;
    } finally {
      await audit.close();
    }
  } finally {
    await server!.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}
