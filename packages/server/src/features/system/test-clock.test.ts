// The test clock: POST /api/test/clock exists only under TEST_CLOCK=on (404 otherwise), refuses bad bodies,
// moves the clock forward for every server on the database, and runs the deadlines at once, so a tournament's
// registration ends inside the request that jumped past it. /api/health says loudly which clock runs. Beside it,
// GET /api/test/presence answers whether a player has a live socket (a journey's barrier for a closed tab).

import type { AddressInfo } from "node:net";
import type { TournamentDetail } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, signUp, type TestApp, uniqueName } from "../../../test/helpers";
import { connectLive } from "../../../test/live-client";
import { rowsOf } from "../../platform/db/database";
import { createTournament, tournamentRow } from "../tournament/testing";
import { TEST_CLOCK_MAX_ADVANCE_MS } from "./routes";

const apps = appsOnOneDatabase();
const adminEmail = `${uniqueName("clock_admin")}@arena.test`;
/** The background loop off: only the route's own pass can advance a deadline here. */
const withTestClock = () =>
  apps.appWith({ testClock: true, reconcilerIntervalMs: 0, adminEmails: [adminEmail] });

const advance = (t: TestApp, body: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/test/clock",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
const health = async (t: TestApp) =>
  (await t.app.inject("/api/health")).json<{
    ok: true;
    testClock: boolean;
    testClockOffsetMs: number | null;
  }>();
const databaseMs = async (t: TestApp) =>
  Number(
    rowsOf<{ ms: number }>(
      await t.db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`),
    )[0]!.ms,
  );

describe("without TEST_CLOCK=on", () => {
  it("POST /api/test/clock does not exist (404), health says the clock is the real one, and a stored offset is ignored", async () => {
    const t = await apps.appWith();
    const response = await advance(t, { advanceMs: 60_000 });
    expect(errorOf(response)).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await health(t)).toEqual({ ok: true, testClock: false, testClockOffsetMs: null });

    // An offset left in the database (by a test run, say) does not move a server started without the flag.
    await t.db.execute(sql`
      insert into admin_settings (key, value) values ('test_clock_offset_ms', to_jsonb(86400000::bigint))`);
    const plainAdmin = `${uniqueName("plain_admin")}@arena.test`;
    const plain = await apps.appWith({ adminEmails: [plainAdmin] });
    const admin = await signUp(plain.app, { email: plainAdmin });
    const tournament = await createTournament(admin, { registrationMinutes: 1 });
    const before = await databaseMs(t);
    const detail = (await admin.get(`/api/tournaments/${tournament.id}`)).json<TournamentDetail>();
    const after = await databaseMs(t);
    expect(Date.parse(detail.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(detail.serverTime)).toBeLessThanOrEqual(after + 1000);
    await t.db.execute(sql`delete from admin_settings where key = 'test_clock_offset_ms'`);
  });

  it("GET /api/test/presence does not exist (404)", async () => {
    const t = await apps.appWith();
    const player = await signUp(t.app);
    const response = await t.app.inject(`/api/test/presence?username=${player.me.username}`);
    expect(errorOf(response)).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

describe("with TEST_CLOCK=on", () => {
  it("refuses bad bodies with 400 in the usual error shape, saying what it wants, and moves nothing", async () => {
    const t = await withTestClock();
    const bodies: unknown[] = [
      {},
      { advanceMs: 0 },
      { advanceMs: -1000 },
      { advanceMs: 1.5 },
      { advanceMs: "60000" },
      { advanceMs: null },
      { advanceMs: TEST_CLOCK_MAX_ADVANCE_MS + 1 },
      { advanceMs: 1e300 },
      [60_000],
      60_000,
    ];
    for (const body of bodies) {
      const error = errorOf(await advance(t, body));
      expect(error, JSON.stringify(body)).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      expect(error.message, JSON.stringify(body)).toMatch(/advanceMs.*from 1 to 2592000000/);
    }
    const empty = await t.app.inject({ method: "POST", url: "/api/test/clock" });
    expect(errorOf(empty)).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/test/clock",
      headers: { "content-type": "application/json" },
      payload: "{advanceMs: 5",
    });
    expect(errorOf(notJson)).toMatchObject({ status: 400 });
    expect((await health(t)).testClockOffsetMs).toBe(0);
  });

  it("reports itself in /api/health with the offset", async () => {
    const t = await withTestClock();
    expect(await health(t)).toMatchObject({ ok: true, testClock: true });
    expect((await health(t)).testClockOffsetMs).toBeTypeOf("number");
  });

  it("moves the clock and runs the deadlines before answering: a registration that ended in the jump is closed", async () => {
    const t = await withTestClock();
    const admin = await signUp(t.app, { email: adminEmail });
    const tournament = await createTournament(admin, { registrationMinutes: 10 });
    const detail = async () =>
      (await admin.get(`/api/tournaments/${tournament.id}`)).json<TournamentDetail>();
    const first = await detail();
    expect(first.tournament.status).toBe("pending");
    const endsAt = Date.parse(first.tournament.registrationEndsAt!);
    expect(endsAt - Date.parse(first.serverTime)).toBeGreaterThan(0);
    expect(endsAt - Date.parse(first.serverTime)).toBeLessThanOrEqual(600_000);

    // A jump short of the deadline leaves it waiting.
    const offsetBefore = (await health(t)).testClockOffsetMs!;
    const short = await advance(t, { advanceMs: 300_000 });
    expect(short.statusCode).toBe(200);
    expect((await tournamentRow(t.db, tournament.id)).status).toBe("pending");

    const dbBefore = await databaseMs(t);
    const response = await advance(t, { advanceMs: 300_001 });
    const dbAfter = await databaseMs(t);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ now: string; offsetMs: number }>();
    expect(body.offsetMs).toBe(offsetBefore + 600_001);
    // The answer's time is the database's plus the whole offset (within the skew's error).
    const now = Date.parse(body.now);
    expect(now).toBeGreaterThanOrEqual(dbBefore + body.offsetMs - 1000);
    expect(now).toBeLessThanOrEqual(dbAfter + body.offsetMs + 1000);
    expect(now).toBeGreaterThanOrEqual(endsAt);

    // Closed by the route's own pass (the background loop is off): nobody was ready, so it is cancelled.
    const row = await tournamentRow(t.db, tournament.id);
    expect(row.status).toBe("cancelled");
    expect(row.completedAt!.getTime()).toBeGreaterThanOrEqual(endsAt);
    const after = await detail();
    expect(Date.parse(after.serverTime)).toBeGreaterThanOrEqual(now);
    expect((await health(t)).testClockOffsetMs).toBe(body.offsetMs);
  });

  it("shares the offset through the database: another server on it sees the move and agrees on the time", async () => {
    const a = await withTestClock();
    const b = await withTestClock();
    const startOffset = (await health(a)).testClockOffsetMs!;
    expect((await health(b)).testClockOffsetMs).toBe(startOffset);
    const moved = (await advance(a, { advanceMs: 3_600_000 })).json<{ offsetMs: number }>();
    expect(moved.offsetMs).toBe(startOffset + 3_600_000);
    // The other server reads the shared offset on its next refresh (every second under the test clock).
    await expect
      .poll(async () => (await health(b)).testClockOffsetMs, { timeout: 15_000 })
      .toBe(moved.offsetMs);
    // Both add to it from the same base: a move made on b is on top of a's.
    const dbBefore = await databaseMs(b);
    const again = (await advance(b, { advanceMs: 1_000 })).json<{ now: string; offsetMs: number }>();
    const dbAfter = await databaseMs(b);
    expect(again.offsetMs).toBe(moved.offsetMs + 1_000);
    expect(Date.parse(again.now)).toBeGreaterThanOrEqual(dbBefore + again.offsetMs - 1000);
    expect(Date.parse(again.now)).toBeLessThanOrEqual(dbAfter + again.offsetMs + 1000);
    await expect
      .poll(async () => (await health(a)).testClockOffsetMs, { timeout: 15_000 })
      .toBe(again.offsetMs);
  });

  it("GET /api/test/presence says whether the player has a live socket on any process, by name", async () => {
    const t = await withTestClock();
    const other = await withTestClock();
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const player = await signUp(t.app);
    const { username } = player.me;
    const live = async (username: string) => {
      const response = await t.app.inject(`/api/test/presence?username=${encodeURIComponent(username)}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ live: boolean }>().live;
    };
    expect(await live(username)).toBe(false);
    const socket = await connectLive(url, player.cookie);
    await other.app.presence.settled();
    expect(await live(username.toUpperCase())).toBe(true);
    expect(await live("nobody_by_that_name")).toBe(false);
    socket.close();
    await socket.closed;
    await expect.poll(() => live(username)).toBe(false);
  });

  it("GET /api/test/presence refuses a query without a name", async () => {
    const t = await withTestClock();
    expect(errorOf(await t.app.inject("/api/test/presence"))).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
    });
  });
});
