// Server tests: on a fresh in-memory PGlite per test file by default; set DATABASE_URL to run the same suite
// against PostgreSQL (each file then gets its own freshly created database on that server).
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Files that need several processes on one database, so PostgreSQL: `npm test` runs them in its PostgreSQL
// run (and CI always has one). On PGlite they hold no test at all, which vitest counts as a failed file.
const postgresOnly = [
  "test/faults/guild-war-crash.test.ts",
  "test/faults/terminated-backend.test.ts",
  "test/clock-skew.test.ts",
];

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : postgresOnly)],
    pool: "forks",
    // vitest's default (one fewer than the cores) is one worker on a 2-core machine, which left a core idle while
    // PGlite's single-threaded WebAssembly ran: two workers took the PGlite run from 571 s to 403 s and the
    // PostgreSQL run from 331 s to 242 s. Every file has a database of its own, so files never meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Surface a stray unhandled rejection as a failure rather than a warning.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
