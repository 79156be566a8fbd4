// Two server processes on one PostgreSQL, one of them started under `faketime` with its own clock an hour
// ahead (Debian package `faketime`), both with the real clock (TEST_CLOCK off). Deadlines are decided by the
// database's clock, so the skewed process must agree with the other on the time it tells browsers and on when a
// tournament's registration ends, and it must close that registration when the database's clock passes the
// deadline: not an hour early, as its own clock would have it. Only the skewed process runs the deadline loop
// here, so nothing else can close the registration on time for it. Needs PostgreSQL (two processes on one
// database) and faketime; without either the file fails loudly rather than skipping.
import { spawnSync } from "node:child_process";
import type { AdminTournamentActionResponse, TournamentDetail } from "@bot-arena/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, uniqueName } from "./helpers";
import { type ServerProcess, startServerProcess } from "./server-process";

if (!process.env.DATABASE_URL) {
  throw new Error(
    "clock-skew.test.ts needs PostgreSQL: set DATABASE_URL (it starts two processes on one database)",
  );
}

const HOUR_MS = 3_600_000;
/** How far the skewed process's own clock is ahead of everyone's. */
const FAKETIME = ["faketime", "-f", "+1h"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = ServerProcess;

/** What node itself reads as the time under FAKETIME, minus ours: about an hour, or faketime is not working. */
function fakedAheadMs(): number {
  const before = Date.now();
  const run = spawnSync(
    FAKETIME[0]!,
    [...FAKETIME.slice(1), process.execPath, "-e", "console.log(Date.now())"],
    {
      encoding: "utf8",
    },
  );
  if (run.error || run.status !== 0) {
    throw new Error(`faketime did not run (apt-get install faketime): ${run.error?.message ?? run.stderr}`);
  }
  return Number(run.stdout.trim()) - before;
}

describe("two processes an hour apart on PostgreSQL agree on the time and on a registration's end", () => {
  let shared: TestDatabase;
  let database: pg.Client;
  let plain: Server;
  let skewed: Server;
  const adminEmail = `${uniqueName("skew_admin")}@arena.test`;
  let cookie = "";
  let tournamentId = "";

  /** The database's clock, in epoch ms. */
  const databaseMs = async () =>
    Number(
      (
        await database.query<{ ms: number }>(
          "select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms",
        )
      ).rows[0]!.ms,
    );
  const detailOver = async (server: Server) => {
    const response = await fetch(`${server.url}/api/tournaments/${tournamentId}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as TournamentDetail;
  };

  beforeAll(async () => {
    // The premise: under faketime node really sees an hour later (checked, or the test would prove nothing).
    expect(Math.abs(fakedAheadMs() - HOUR_MS)).toBeLessThan(60_000);

    shared = await createTestDatabase({ empty: true });
    database = new pg.Client({ connectionString: shared.url! });
    await database.connect();
    const env = (reconcilerIntervalMs: string) => ({
      databaseUrl: shared.url!,
      env: { ADMIN_EMAILS: adminEmail, TEST_CLOCK: "off", RECONCILER_INTERVAL_MS: reconcilerIntervalMs },
    });
    // The plain process runs no deadline loop: only the skewed one can close the registration.
    [plain, skewed] = await Promise.all([
      startServerProcess(env("0")),
      startServerProcess({ ...env("200"), prefix: FAKETIME }),
    ]);

    const signUp = await fetch(`${skewed.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: uniqueName("skew"), email: adminEmail, password: "secret12" }),
    });
    expect(signUp.status).toBe(201);
    cookie = /ba_session=[^;]+/.exec(signUp.headers.get("set-cookie") ?? "")![0];
  }, 180_000);

  afterAll(async () => {
    for (const server of [plain, skewed]) await server?.stop();
    await database?.end();
    await shared?.drop();
  });

  it("both tell the database's time as serverTime, and the skewed one sets the deadline by it", async () => {
    const before = await databaseMs();
    const created = await fetch(`${skewed.url}/api/admin/tournaments`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "Skew Cup", entryFeeMode: "admin", registrationMinutes: 1 }),
    });
    expect(created.status).toBe(200);
    tournamentId = ((await created.json()) as AdminTournamentActionResponse).tournament.id;
    const [fromPlain, fromSkewed] = [await detailOver(plain), await detailOver(skewed)];
    const after = await databaseMs();

    // Within a second of the database's clock, so within a second of each other (an hour apart otherwise).
    for (const detail of [fromPlain, fromSkewed]) {
      expect(Date.parse(detail.serverTime)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(detail.serverTime)).toBeLessThanOrEqual(after + 1000);
    }
    expect(Math.abs(Date.parse(fromPlain.serverTime) - Date.parse(fromSkewed.serverTime))).toBeLessThan(
      after - before + 1000,
    );
    // One deadline, a minute after creation by the database's clock.
    expect(fromSkewed.tournament.registrationEndsAt).toBe(fromPlain.tournament.registrationEndsAt);
    const endsAt = Date.parse(fromSkewed.tournament.registrationEndsAt!);
    expect(endsAt).toBeGreaterThanOrEqual(before + 60_000 - 1000);
    expect(endsAt).toBeLessThanOrEqual(after + 60_000 + 1000);
    expect(fromSkewed.tournament.status).toBe("pending");
  });

  it("the skewed process closes the registration when the database's clock passes the deadline, not before", async () => {
    // Still open: its deadline is most of a minute away by the database's clock (an hour past by the skewed
    // process's own).
    const open = await database.query<{ status: string; early: boolean }>(
      "select status, clock_timestamp() < next_due_at as early from tournaments where id = $1",
      [tournamentId],
    );
    expect(open.rows[0], "closed before the database's clock reached the deadline").toEqual({
      status: "pending",
      early: true,
    });
    // The deadline brought to 4 s from now by the database's clock (a minute would make a slow test).
    const moved = await database.query<{ due: Date }>(
      `update tournaments set registration_ends_at = clock_timestamp() + interval '4 seconds',
         next_due_at = clock_timestamp() + interval '4 seconds'
       where id = $1 and status = 'pending' returning next_due_at as due`,
      [tournamentId],
    );
    expect(moved.rowCount).toBe(1);
    const due = moved.rows[0]!.due.getTime();

    let seen: { status: string; completedAt: Date | null; at: number } | null = null;
    for (;;) {
      const { rows } = await database.query<{ status: string; completed_at: Date | null; ms: number }>(
        `select status, completed_at, (extract(epoch from clock_timestamp()) * 1000)::float8 as ms
         from tournaments where id = $1`,
        [tournamentId],
      );
      const row = rows[0]!;
      seen = { status: row.status, completedAt: row.completed_at, at: Number(row.ms) };
      if (seen.status !== "pending") break;
      // Not an hour late either: the loop ticks every 200 ms, so this much past the deadline means it was missed.
      if (seen.at > due + 15_000) break;
      await sleep(100);
    }
    // Nobody was ready, so closing the registration cancels the tournament.
    expect(seen.status).toBe("cancelled");
    // Not early: the database's clock had reached the deadline (within the skew's error) when it was seen closed.
    expect(seen.at).toBeGreaterThanOrEqual(due - 1000);
    // Closed by a clock that read the deadline as passed, and at most the time it took us to look afterwards.
    expect(seen.completedAt!.getTime()).toBeGreaterThanOrEqual(due);
    expect(seen.completedAt!.getTime()).toBeLessThanOrEqual(seen.at + 1000);

    for (const server of [plain, skewed])
      expect((await detailOver(server)).tournament.status).toBe("cancelled");
  }, 60_000);
});
