// A single-elimination tournament in play when the round runner took over: its bracket was stored by the old
// bracket engine, whose rows had no format keys, and its rounds' deadlines were counted from each step. The
// migration gives the matches the format's keys and the tournament a start, and the runner plays the rest of it
// as if it had stored the bracket itself.
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tournamentMatches, tournaments } from "../../platform/db/schema";
import {
  type Arena,
  createTournament,
  detail,
  entrants,
  expectEconomyClean,
  openArena,
  playUntil,
  tournamentRow,
} from "./testing";

// The migration's data statements (the first adds a column this database already has).
const migration = readFileSync(new URL("../../../drizzle/0028_round_runner.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .slice(1);

let arena: Arena;
beforeAll(async () => {
  arena = await openArena();
});
afterAll(() => arena.t.close());

it("keys an unkeyed bracket by round and position and plays it to the end", async () => {
  const { t, admin } = arena;
  const cup = await createTournament(admin, { name: "Old Bracket", roundSeconds: 30 });
  const players = await entrants(arena, cup.id, 5);
  expect((await admin.post(`/api/admin/tournaments/${cup.id}/start`)).statusCode).toBe(200);
  const before = await detail(players[0]!, cup.id);
  await t.db.update(tournamentMatches).set({ key: null }).where(eq(tournamentMatches.tournamentId, cup.id));
  await t.db.update(tournaments).set({ startedAt: null }).where(eq(tournaments.id, cup.id));
  const due = (await tournamentRow(t.db, cup.id)).nextDueAt!;

  for (const statement of migration) await t.db.execute(sql.raw(statement));

  // Its start counted back from the round in play, so that round keeps its deadline.
  expect((await tournamentRow(t.db, cup.id)).startedAt).toEqual(new Date(due.getTime() - 30_000));
  const keys = await t.db
    .select({ key: tournamentMatches.key })
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, cup.id))
    .orderBy(asc(tournamentMatches.matchNumber));
  expect(keys.map((k) => k.key)).toEqual(["R1-1", "R1-2", "R1-3", "R1-4", "R2-1", "R2-2", "R3-1", "B"]);
  await playUntil(arena, cup.id, "completed");
  const done = await detail(players[0]!, cup.id);
  expect(done.matches.map((m) => m.id)).toEqual(before.matches.map((m) => m.id));
  expect(done.matches.every((m) => m.status === "completed")).toBe(true);
  expect(done.standings.map((s) => s.place)).toEqual([1, 2, 3, 4, 5]);
  await expectEconomyClean(t.db);
});
