// Server tests: on a fresh in-memory PGlite per test file by default; set DATABASE_URL to run the same suite
// against PostgreSQL (each file then gets its own freshly created database on that server).
import { configDefaults, defineConfig } from "vitest/config";

// Files that need several processes on one database, so PostgreSQL: `npm test` runs them in its PostgreSQL
// run (and CI always has one). On PGlite they hold no test at all, which vitest counts as a failed file.
const postgresOnly = ["test/faults/guild-war-crash.test.ts", "test/faults/terminated-backend.test.ts"];

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : postgresOnly)],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Surface a stray unhandled rejection as a failure rather than a warning.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
