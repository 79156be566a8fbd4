// Test helpers in the tournament's language: an arena with an admin and a stopped clock, tournaments created
// through the admin route, pilots who join and ready up, and the clock moved round by round with the reconciler
// run by hand, so a whole tournament plays in milliseconds and every step can be looked at.
import type {
  AdminTournamentActionResponse,
  CreateTournamentBody,
  TournamentDetail,
} from "@bot-arena/contract";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  createTestApp,
  type Player,
  signUp,
  type TestApp,
  type TestAppOptions,
  testClock,
} from "../../../test/helpers";
import { type Db, rowsOf } from "../../platform/db/database";
import { tournaments } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { type Pilot, pilot } from "../arena/testing";

export type Arena = {
  t: TestApp;
  clock: ReturnType<typeof testClock>;
  admin: Player;
};

let adminCount = 0;

/** A fresh app with a stopped clock and no background reconciler, and one admin. */
export async function openArena(options: TestAppOptions = {}): Promise<Arena> {
  adminCount += 1;
  const adminEmail = `tour_admin_${adminCount}_${Date.now()}@arena.test`;
  const clock = testClock();
  const t = await createTestApp({
    clock,
    ...options,
    config: { adminEmails: [adminEmail], reconcilerIntervalMs: 0, ...options.config },
  });
  const admin = await signUp(t.app, { email: adminEmail });
  return { t, clock, admin };
}

export async function createTournament(
  admin: Player,
  body: Partial<CreateTournamentBody> = {},
): Promise<AdminTournamentActionResponse["tournament"]> {
  const response = await admin.post("/api/admin/tournaments", {
    name: "Neon Cup",
    entryFeeMode: "player",
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<AdminTournamentActionResponse>().tournament;
}

export const adminAction = (
  admin: Player,
  id: string,
  action: "start" | "stop" | "force-complete" | "archive",
) => admin.post(`/api/admin/tournaments/${id}/${action}`);

export const join = (player: Player, id: string) => player.post(`/api/tournaments/${id}/join`);
export const ready = (player: Player, id: string) => player.post(`/api/tournaments/${id}/ready`);

/** Pilots (a new player with a first bot each) who join and, unless told otherwise, ready up. */
export async function entrants(
  arena: Arena,
  tournamentId: string,
  count: number,
  options: { ready?: boolean } = {},
): Promise<Pilot[]> {
  const list: Pilot[] = [];
  for (let i = 0; i < count; i++) {
    const p = await pilot(arena.t, `Bot ${i + 1}`);
    const joined = await join(p, tournamentId);
    if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
    if (options.ready !== false) {
      const readied = await ready(p, tournamentId);
      if (readied.statusCode !== 200) throw new Error(`ready failed: ${readied.statusCode} ${readied.body}`);
    }
    list.push(p);
  }
  return list;
}

export async function detail(player: Player, id: string): Promise<TournamentDetail> {
  const response = await player.get(`/api/tournaments/${id}`);
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode} ${response.body}`);
  return response.json<TournamentDetail>();
}

export async function tournamentRow(db: Db, id: string) {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new Error(`no tournament ${id}`);
  return row;
}

/** Moves the clock past the next deadline and lets the reconciler act, until the status is reached. */
export async function playUntil(arena: Arena, id: string, status: string, maxSteps = 20): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const row = await tournamentRow(arena.t.db, id);
    if (row.status === status) return;
    if (row.nextDueAt)
      arena.clock.advance(Math.max(0, row.nextDueAt.getTime() - arena.clock.now().getTime()));
    await arena.t.app.reconciler.runOnce();
  }
  throw new Error(`tournament ${id} did not reach ${status}`);
}

/** The ledger rows a tournament wrote, per reason, with their count and sum. */
export async function ledgerOf(db: Db, id: string) {
  return rowsOf<{ reason: string; account: string; rows: number; total: number }>(
    await db.execute(sql`
      select reason, account, count(*)::int as rows, sum(delta)::bigint as total from coin_ledger
      where tournament_id = ${id}::uuid or (ref_type = 'tournament' and ref_id = ${id})
      group by reason, account order by reason, account`),
  ).map((r) => ({ ...r, rows: Number(r.rows), total: Number(r.total) }));
}

export async function expectEconomyClean(db: Db): Promise<void> {
  const audit = await auditEconomy(db);
  expect(audit.problems).toEqual([]);
}
