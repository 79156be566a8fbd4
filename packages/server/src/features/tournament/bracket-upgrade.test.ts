// A single-elimination tournament in play when the round runner took over: its bracket was stored by the old
// bracket engine, whose rows had no format keys. The migration gives them the format's keys, and the runner
// plays the rest of it as if it had stored the bracket itself.
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tournamentMatches } from "../../platform/db/schema";
import {
  type Arena,
  createTournament,
  detail,
  entrants,
  expectEconomyClean,
  openArena,
  playUntil,
} from "./testing";

const migration = readFileSync(new URL("../../../drizzle/0028_round_runner.sql", import.meta.url), "utf8");

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

  await t.db.execute(sql.raw(migration));

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
