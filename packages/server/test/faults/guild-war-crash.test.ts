// kill -9 during a guild war's battle phase: a real server process opens the war at start (its muster), plays
// rounds on the reconciler, and is SIGKILLed mid-battle; a second process takes over from the rows alone. The war
// must finish exactly once: every duel fought once, the house's three prizes paid once into the winners' banks
// (which kept their 500: a war costs nothing), and clean books. Needs PostgreSQL (several processes on one
// database); PGlite belongs to one process.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBanks, guildWithCrew } from "../../src/features/guilds/testing";
import { rowsOf } from "../../src/platform/db/database";
import { auditEconomy } from "../../src/platform/economy-audit";
import { createTestApp, type TestApp } from "../helpers";

const serverDir = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `src/main.ts` on `databaseUrl` with short war timings; resolves once it listens. */
function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      STARTER_MUSIC: "off",
      RECONCILER_INTERVAL_MS: "100",
      GUILD_WAR_REGISTRATION_SECONDS: "1",
      GUILD_WAR_BATTLE_SECONDS: "14",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Bot Arena running at/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

if (process.env.DATABASE_URL) {
  describe("kill -9 during a guild war's battle", () => {
    let t: TestApp;
    let databaseUrl: string;
    const dataDirs: string[] = [];
    const children: ChildProcess[] = [];

    const war = async () =>
      rowsOf<{ id: string; status: string; round: number }>(
        await t.db.execute(sql`select id, status, current_round as round from guild_wars`),
      );
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0);
    async function until(check: () => Promise<boolean>, ms: number) {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error("timed out");
        await sleep(100);
      }
    }
    const server = () => {
      const dir = mkdtempSync(path.join(tmpdir(), "bot-arena-war-"));
      dataDirs.push(dir);
      return startServer(databaseUrl, dir).then((child) => {
        children.push(child);
        return child;
      });
    };

    beforeAll(async () => {
      t = await createTestApp({ config: { reconcilerIntervalMs: 0 } });
      const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!
        .name;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      // Eight guilds of two pilots reach 500 in one test transaction, so nothing musters before the server.
      const crews: Awaited<ReturnType<typeof guildWithCrew>>[] = [];
      for (let i = 0; i < 8; i++) crews.push(await guildWithCrew(t, 2, 499));
      await grantBanks(
        t.db,
        crews.map((c) => c.guild.id),
        1,
      );
    }, 120_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      await t.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it("a second process finishes the war exactly once", async () => {
      const first = await server();
      await until(async () => (await war())[0]?.status === "battle" && (await war())[0]!.round >= 3, 60_000);
      // The guilds choose to sit out the next war, so the freed guilds open no other war at this one's end.
      await t.db.execute(sql`update guilds set sits_out_next_war = true`);
      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));
      const [atKill] = await war();
      expect(atKill?.status).toBe("battle");

      await server();
      await until(async () => (await war())[0]?.status === "completed", 90_000);
      const [done] = await war();
      expect(await count(sql`select count(*)::int as n from guild_wars`)).toBe(1);
      expect(
        await count(
          sql`select count(*)::int as n from coin_ledger where reason in ('war_stake', 'war_prize', 'house_cut_war')`,
        ),
      ).toBe(0);
      expect(
        await count(
          sql`select count(*)::int as n from coin_ledger where reason = 'house_reward_war' and ref_id = ${done!.id}`,
        ),
      ).toBe(3);
      const banks = rowsOf<{ bank: number }>(
        await t.db.execute(sql`select bank_balance::int as bank from guilds order by bank_balance desc`),
      );
      expect(banks.map((g) => g.bank)).toEqual([2500, 1500, 1000, 500, 500, 500, 500, 500]);
      expect(
        await count(
          sql`select count(*)::int as n from guild_war_duels where war_id = ${done!.id} and status <> 'completed'`,
        ),
      ).toBe(0);
      const fought = await count(
        sql`select count(*)::int as n from guild_war_duels where war_id = ${done!.id} and battle_id is not null`,
      );
      expect(fought).toBeGreaterThan(0);
      expect(await count(sql`select count(*)::int as n from battles where kind = 'guild_war'`)).toBe(fought);
      expect(
        await count(
          sql`select count(*)::int as n from guild_war_participants where war_id = ${done!.id} and placement is not null`,
        ),
      ).toBe(8);
      const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
      expect(problems).toEqual([]);
    }, 240_000);
  });
}
