import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBanks, guildWithCrew } from "../../src/features/guilds/testing";
import { rowsOf } from "../../src/platform/db/database";
import { auditEconomy } from "../../src/platform/economy-audit";
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from "../helpers";
import { type ServerProcess, startServerProcess } from "../server-process";

const REGISTRATION_S = 60;
const ROUND_S = 100;
const ROUNDS = 7;

describe("runner steps killed before their commit", () => {
  let shared: TestDatabase;
  let t: TestApp;
  let databaseUrl: string;
  const running = new Set<ServerProcess>();

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0);
  const war = async () =>
    rowsOf<{ id: string; status: string; round: number; attempts: number }>(
      await t.db.execute(
        sql`select id, status, current_round as round, attempts from guild_wars order by created_at, name`,
      ),
    );

  async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = await startServerProcess({
      databaseUrl,
      env: {
        TEST_CLOCK: "on",
        RECONCILER_INTERVAL_MS: "100",
        GUILD_WAR_REGISTRATION_SECONDS: String(REGISTRATION_S),
        GUILD_WAR_BATTLE_SECONDS: String(ROUND_S * ROUNDS),
        ...env,
      },
      timeoutMs: 120_000,
    });
    running.add(server);
    return server;
  }
  async function stop(server: ServerProcess): Promise<void> {
    running.delete(server);
    await server.stop("SIGKILL");
  }
  /** Resolves once the process has died on its own (its runner killed it). */
  async function died(server: ServerProcess): Promise<void> {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      await new Promise((resolve) => server.child.once("exit", resolve));
    }
    running.delete(server);
    await server.stop("SIGKILL");
  }
  /** Moves the shared test clock on `server`; its runner then runs whatever fell due before answering. */
  const advance = (server: ServerProcess, seconds: number) =>
    fetch(`${server.url}/api/test/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: seconds * 1000 }),
    });
  async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    shared = await createTestDatabase();
    databaseUrl = shared.url!;
    t = await createTestApp({ database: shared.database, config: { reconcilerIntervalMs: 0 } });
    // Eight guilds reach 500 in one test transaction: each asks for a muster (the trigger), nobody answers yet.
    const crews: Awaited<ReturnType<typeof guildWithCrew>>[] = [];
    for (let i = 0; i < 8; i++) crews.push(await guildWithCrew(t, 2, 499));
    await grantBanks(
      t.db,
      crews.map((c) => c.guild.id),
      1,
    );
  }, 180_000);

  afterAll(async () => {
    for (const server of [...running]) await stop(server);
    await t.close();
    await shared.drop();
  });

  it("a process killed mid-muster leaves its request: the next process opens the war once", async () => {
    expect(await count(sql`select count(*)::int as n from war_muster_requests`)).toBe(8);
    // Its runner answers the requests at start, opens the war, and dies before the commit.
    await died(await start({ TEST_RUNNER_KILL: "guild-war-muster" }));
    expect(await war()).toEqual([]);
    expect(await count(sql`select count(*)::int as n from war_muster_requests`)).toBe(8);

    const next = await start();
    await until(async () => (await war()).length === 1);
    expect(await count(sql`select count(*)::int as n from war_muster_requests`)).toBe(0);
    // The war takes nothing from any bank.
    expect(await count(sql`select count(*)::int as n from coin_ledger where reason = 'war_stake'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from guilds where bank_balance = 500`)).toBe(8);
    // Its guilds choose to sit out the next war, so the freed guilds do not open another one at its end.
    await t.db.execute(sql`update guilds set sits_out_next_war = true`);
    // The war plays to its last round.
    await advance(next, REGISTRATION_S);
    for (let round = 1; round < ROUNDS; round++) {
      await until(async () => (await war())[0]?.round === round);
      await advance(next, ROUND_S);
    }
    await until(async () => (await war())[0]?.round === ROUNDS);
    await stop(next);
  }, 240_000);

  it("a process killed after the war's payout, before its commit, pays nothing; the next pays each prize once", async () => {
    const dying = await start({ TEST_RUNNER_KILL: "guild-war" });
    // The last round ends: the step completes the war and pays, then the process dies inside the step.
    await advance(dying, ROUND_S).catch(() => {});
    await died(dying);
    const [atKill] = await war();
    expect(atKill).toMatchObject({ status: "battle", round: ROUNDS });
    expect(
      await count(sql`select count(*)::int as n from coin_ledger where reason = 'house_reward_war'`),
    ).toBe(0);

    const next = await start();
    await until(async () => (await war())[0]?.status === "completed");
    await stop(next);
    // The house creates the three prizes, once each; no pool pays and no house cut is taken.
    expect(
      await count(sql`select count(*)::int as n from coin_ledger where reason = 'house_reward_war'`),
    ).toBe(3);
    expect(
      await count(
        sql`select count(*)::int as n from coin_ledger where reason in ('war_prize', 'house_cut_war')`,
      ),
    ).toBe(0);
    expect(
      rowsOf<{ bank: number }>(
        await t.db.execute(sql`select bank_balance::int as bank from guilds order by bank_balance desc`),
      ).map((g) => g.bank),
    ).toEqual([2500, 1500, 1000, 500, 500, 500, 500, 500]);
    expect(await war()).toHaveLength(1);
    expect(
      await count(sql`select count(*)::int as n from guild_war_participants where placement is not null`),
    ).toBe(8);
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
  }, 240_000);
});
