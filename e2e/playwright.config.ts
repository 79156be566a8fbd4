// Browser journeys in Debian's Chromium against the built web app served by the real server on a fresh database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the environment, so every process of one run agrees on the same fresh data directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-"));

export const adminEmail = "admin@arena.test";

export default defineConfig({
  testDir: "./journeys",
  globalTeardown: "./global-teardown.ts",
  outputDir: "../test-results/e2e-artifacts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node --import tsx ../packages/server/src/main.ts",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAILS: adminEmail,
      STARTER_MUSIC: "off",
      RATE_LIMIT_AUTH_MAX: "10000",
      // Journeys sign up dozens of pilots on two busy cores; production's scrypt cost is proven by the server suite.
      PASSWORD_HASH_COST: "12",
      LOG_LEVEL: "warn",
    },
  },
});
