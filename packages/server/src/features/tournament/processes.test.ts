// Two servers on one database run the same reconciler: a tournament with 2-second rounds still advances
// exactly once per deadline and pays exactly once, even when a server is killed with SIGKILL in the middle and
// started again. With DATABASE_URL these are two real processes (`src/main.ts`) on PostgreSQL; on PGlite, which
// one process owns, two apps in this process (one of them closed and rebuilt instead of killed).
import type { AddressInfo } from "node:net";
import type { AdminTournamentActionResponse, TournamentDetail } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestDatabase, uniqueName } from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";
import { startServerProcess } from "../../../test/server-process";
import { rowsOf } from "../../platform/db/database";
import { validCreation } from "../bots/testing";
import { expectEconomyClean, ledgerOf } from "./testing";

const usePostgres = Boolean(process.env.DATABASE_URL);
const adminEmail = "process_admin@arena.test";

type Server = { url: string; kill(): Promise<void> };

let shared: TestDatabase;
const running = new Set<Server>();

async function startProcess(): Promise<Server> {
  const child = await startServerProcess({
    databaseUrl: shared.url!,
    env: {
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_AUTH_MAX: "100000",
      PASSWORD_HASH_COST: "10",
      RECONCILER_INTERVAL_MS: "100",
    },
    timeoutMs: 120_000,
  });
  const server: Server = {
    url: child.url,
    async kill() {
      running.delete(server);
      await child.stop("SIGKILL");
    },
  };
  running.add(server);
  return server;
}

async function startInProcess(): Promise<Server> {
  const t = await createTestApp({
    database: shared.database,
    config: { adminEmails: [adminEmail], reconcilerIntervalMs: 100 },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const server: Server = {
    url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    async kill() {
      running.delete(server);
      await t.close();
    },
  };
  running.add(server);
  return server;
}

const start = () => (usePostgres ? startProcess() : startInProcess());

beforeAll(async () => {
  shared = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const server of [...running]) await server.kill();
  await shared.drop();
});

async function call<T>(url: string, method: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function signUpOver(url: string, email?: string): Promise<string> {
  const username = uniqueName("tour");
  const response = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: email ?? `${username}@arena.test`, password: "secret1" }),
  });
  expect(response.status).toBe(201);
  return /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];
}

let adminCookie: string | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(["single_elimination", "double_elimination", "round_robin", "swiss"] as const)(
  `a %s tournament on two servers (${usePostgres ? "two processes, PostgreSQL, kill -9" : "two apps, PGlite"})`,
  (format) => {
    it("advances each round once and pays once, through a server killed mid-tournament and restarted", async () => {
      let [a, b] = await Promise.all([start(), start()]);
      // One admin for every format: sessions live in the database, so they outlast the servers.
      adminCookie ??= await signUpOver(a!.url, adminEmail);
      const admin = adminCookie;
      const created = await call<AdminTournamentActionResponse>(
        `${a!.url}/api/admin/tournaments`,
        "POST",
        admin,
        {
          name: "Crash Cup",
          format,
          entryFeeMode: "player",
          roundSeconds: 2,
        },
      );
      const id = created.tournament.id;
      // A player's page on the other server follows the tournament's channel.
      const watcher = await connectLive(b!.url, await signUpOver(b!.url));
      await subscribe(watcher, [`tournament:${id}`]);
      // Eight players sign up, build a bot, join and ready, half through each server.
      await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const url = (i % 2 === 0 ? a : b)!.url;
          const cookie = await signUpOver(url);
          await call(`${url}/api/bots`, "POST", cookie, { ...validCreation, name: `Crash ${i + 1}` });
          await call(`${url}/api/tournaments/${id}/join`, "POST", cookie);
          await call(`${url}/api/tournaments/${id}/ready`, "POST", cookie);
        }),
      );
      // Every join and ready-up, half of them made on server a, reached the page on server b: 16 events.
      const events = () =>
        watcher.messages.filter((m) => m.type === "event" && m.event.channel === `tournament:${id}`).length;
      for (let i = 0; i < 100 && events() < 16; i++) await sleep(100);
      expect(events()).toBe(16);
      watcher.close();
      await call(`${b!.url}/api/admin/tournaments/${id}/start`, "POST", admin);

      // Kill one server in the middle of round 1 and another in round 2; start each again.
      await sleep(1500);
      await b!.kill();
      b = await start();
      await sleep(1000);
      await a!.kill();
      a = await start();

      let status = "";
      for (let i = 0; i < 120 && status !== "completed"; i++) {
        const view = await call<TournamentDetail>(`${b!.url}/api/tournaments/${id}`, "GET", admin);
        status = view.tournament.status;
        if (status !== "completed") await sleep(500);
      }
      expect(status).toBe("completed");

      const db = shared.database.db;
      const [counts] = rowsOf<{ fought: number; matches: number; completed: number; orphans: number }>(
        await db.execute(sql`select
        (select count(*)::int from tournament_matches where tournament_id = ${id}::uuid and battle_id is not null) as fought,
        (select count(*)::int from tournament_matches where tournament_id = ${id}::uuid) as matches,
        (select count(*)::int from tournament_matches where tournament_id = ${id}::uuid and status = 'completed') as completed,
        (select count(*)::int from battles b where b.kind = 'tournament'
          and not exists (select 1 from tournament_matches m where m.battle_id = b.id)) as orphans`),
      );
      // Every match fought once and decided (single elimination: 4 quarter-finals, 2 semi-finals, the final and
      // the bronze match; round robin: 28; Swiss: 3 rounds of 4), and no battle fought twice or left over.
      const fought: Record<typeof format, number | null> = {
        single_elimination: 8,
        double_elimination: null,
        round_robin: 28,
        swiss: 12,
      };
      expect(counts).toMatchObject({ matches: counts!.completed, orphans: 0 });
      if (fought[format] !== null) expect(counts!.fought).toBe(fought[format]);
      else expect([14, 15]).toContain(counts!.fought);
      expect((await ledgerOf(db, id)).filter((r) => r.reason !== "tournament_entry")).toEqual([
        { reason: "house_cut_tournament", account: "tournament_pool", rows: 1, total: -120 },
        { reason: "tournament_prize", account: "tournament_pool", rows: 3, total: -1080 },
        { reason: "tournament_prize", account: "wallet", rows: 3, total: 1080 },
      ]);
      await expectEconomyClean(db);
    }, 300_000);
  },
);
