// Server tests, each file on a fresh database copied from a migrated template (test/global-setup.ts).
// Which database, and which files:
// - DATABASE_URL set: every file on PostgreSQL, a database of its own per file on that server (but for the two
//   that concern PGlite alone, pgliteOnly below).
// - SERVER_TEST_DB=pglite-only: only the files about PGlite itself (aboutPglite below), on PGlite, whatever
//   DATABASE_URL says. `npm test` runs both when a PostgreSQL is reachable (CI always has one), so each test
//   runs on the database where it can fail, and the suite runs once in full.
// - Neither (no PostgreSQL, as on a newcomer's machine): every file on PGlite, but for the PostgreSQL-only ones.
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Files that need several processes on one database, so PostgreSQL: `npm test` runs them in its PostgreSQL
// run (and CI always has one). On PGlite they hold no test at all, which vitest counts as a failed file.
// Race tests in other files that cannot fail on PGlite (one transaction at a time there) run on PostgreSQL
// only too, through `raceIt` (test/race.ts), and say so by a title ending in "(PostgreSQL)".
const postgresOnly = [
  "test/faults/guild-war-crash.test.ts",
  "test/faults/runner-steps.test.ts",
  "test/faults/payout-crash.test.ts",
  "test/faults/terminated-backend.test.ts",
  "test/clock-skew.test.ts",
  // Two real processes on PostgreSQL with a Redis bus of its own (issue 43's sign-out everywhere at once).
  "test/sign-out-everywhere.test.ts",
  // Raids on one defender through two real processes (issue 40).
  "src/features/pilots/raids.races.test.ts",
  // A season closed by two apps' runners while 200 pilots attack (issue 40 item 2).
  "src/features/seasons/close.races.test.ts",
  // Two officers buying guild perks at once through two real processes (issue 41).
  "src/features/guilds/perks.races.test.ts",
  // node-postgres' connections (statements prepared by name, a BEGIN not waited for): PGlite has no such driver.
  "src/platform/db/named-statements.test.ts",
  "src/platform/db/pipelining.test.ts",
];

// The files about PGlite itself, run on PGlite also when everything else runs on PostgreSQL. Keep this short: a
// test of the game belongs on PostgreSQL, where its races are real.
const aboutPglite = [
  // Its start-up on a data directory, one transaction at a time, LISTEN/NOTIFY, int8, and `npm start`'s
  // embedded path (src/main.ts without DATABASE_URL; a second process on the same directory is refused).
  "src/platform/db/pglite.test.ts",
  // The lock file that keeps a second process off its data directory.
  "src/platform/db/lock-file.test.ts",
  // Its statements prepared by name, answering as its own `query` does.
  "src/platform/db/pglite-statements.test.ts",
  // `npm run admin` and `ledger:verify` opening the embedded database's directory, one process at a time
  // (on PostgreSQL the same file runs them against a database of their own).
  "src/platform/auth/roles.test.ts",
  // The limit stores PGlite gets: in memory, each process its own count (on PostgreSQL the same file proves
  // that processes share theirs).
  "src/platform/limits/store.test.ts",
];
// Of those, the ones with nothing to prove on PostgreSQL: left out of its run.
const pgliteOnly = [
  "src/platform/db/pglite.test.ts",
  "src/platform/db/lock-file.test.ts",
  "src/platform/db/pglite-statements.test.ts",
];

const pgliteOnlyRun = process.env.SERVER_TEST_DB === "pglite-only";
const onPostgres = !pgliteOnlyRun && Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: pgliteOnlyRun ? aboutPglite : ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(onPostgres ? pgliteOnly : postgresOnly)],
    // The PGlite-only run must not see a DATABASE_URL from the shell: helpers.ts would use it.
    env: pgliteOnlyRun ? { DATABASE_URL: "" } : {},
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // vitest's default (one fewer than the cores) is one worker on a 2-core machine, which left a core idle while
    // PGlite's single-threaded WebAssembly ran: two workers took the PGlite run from 571 s to 403 s and the
    // PostgreSQL run from 331 s to 242 s. Every file has a database of its own, so files never meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // An event crossing the live bus (a NOTIFY, or Redis) can take more than the default second on a machine
    // running two workers and PostgreSQL flat out; a poll still fails when the event never comes.
    expect: { poll: { timeout: 10_000 } },
    // Surface a stray unhandled rejection as a failure rather than a warning.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
