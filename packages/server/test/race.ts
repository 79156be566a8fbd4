// Race tests prove something only where transactions really overlap: on PostgreSQL. PGlite runs one
// transaction at a time (src/platform/db/pglite.test.ts shows it), so there a race test whose racers each do
// their work in one transaction passes whatever the code does (a read-then-write deposit passed).
// `raceIt` defines the test on PostgreSQL only (DATABASE_URL; `npm test` runs the whole server suite there
// whenever one is reachable, and CI always has one), under a title ending in "(PostgreSQL)". On PGlite it
// defines nothing: not a skipped test, none at all, like the PostgreSQL-only files of vitest.config.ts.
import { it } from "vitest";

export const racesRunHere = Boolean(process.env.DATABASE_URL);

export function raceIt(name: string, race: () => Promise<void>, timeout?: number): void {
  if (racesRunHere) it(`${name} (PostgreSQL)`, race, timeout);
}
