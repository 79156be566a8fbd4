// Server tests: on a fresh in-memory PGlite per test file by default; set DATABASE_URL to run the same suite
// against PostgreSQL (each file then gets its own freshly created database on that server).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Surface a stray unhandled rejection as a failure rather than a warning.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
