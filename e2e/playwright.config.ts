// Browser journeys in Debian's Chromium against the built web app served by the real server on a fresh database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the environment, so every process of one run agrees on the same fresh data directories.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-"));
// The phone-width run of the journeys has a server of its own: the two widths of one journey run at the same
// time and would meet each other's pilots and bots (same names) on one server.
const phonePort = port + 2;
process.env.E2E_PHONE_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-phone-"));
// The admin journeys change what every player shares (the image library, the music list), so they get a
// server and data of their own; it starts only when the run includes them.
// One for each width, since the admin journeys of the two widths run at the same time.
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? port + 100);
const adminPhonePort = adminPort + 1;
process.env.E2E_ADMIN_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-admin-"));
process.env.E2E_ADMIN_PHONE_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-admin-phone-"));
const files = process.argv.filter((arg) => /\.spec\.ts$/.test(arg));
const runsAdmin = files.length === 0 || files.some((file) => file.endsWith("admin.spec.ts"));

export const adminEmail = "admin@arena.test";

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const bothWidthsInside = /(phone|win-chance)\.spec\.ts$/;

/** The compiled server, as `npm start` runs it (built first when its sources changed), on a fresh data directory. */
function server(listenPort: number, dataDir: string | undefined) {
  return {
    command: "node ../scripts/server-build.mjs && node --enable-source-maps ../packages/server/dist/main.js",
    url: `http://localhost:${listenPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(listenPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir ?? "",
      ADMIN_EMAILS: adminEmail,
      STARTER_MUSIC: "off",
      RATE_LIMIT_AUTH_MAX: "10000",
      // Journeys click faster than any player; the per-player limits have their own server tests.
      RATE_LIMIT_PLAYER_MAX: "100000",
      // Journeys sign up dozens of pilots on two busy cores; production's scrypt cost is proven by the server suite.
      PASSWORD_HASH_COST: "12",
      LOG_LEVEL: "warn",
      // Journeys may fix a battle's seed (x-test-battle-seed) so none needs luck to win.
      TEST_BATTLE_SEEDS: "on",
      // A whole guild war (registration, then 7 rounds of 15 s) in two and a quarter minutes for the guild-wars
      // journey; each phase leaves room for the checks and a screenshot of it on a busy machine (a 42 s battle
      // once ended while the journey was still taking its picture, before it could press Watch).
      GUILD_WAR_REGISTRATION_SECONDS: "30",
      GUILD_WAR_BATTLE_SECONDS: "105",
    },
  };
}

export default defineConfig({
  testDir: "./journeys",
  globalTeardown: "./global-teardown.ts",
  outputDir: "../test-results/e2e-artifacts",
  fullyParallel: true,
  workers: 2,
  // A journey that needs a second try proves nothing: no retries, and a flaky result counts as failed.
  retries: 0,
  // Generous: a journey fails on what it sees (each look waits 15 s), never on a slow machine. A loaded machine ran
  // the create-bot journey, 60 s on a quiet one, past a 180 s limit while every step still passed. Not more: a
  // journey that hangs holds one of the two workers for all of it. The long journeys (a 10x summon, a whole
  // tournament or war) mark themselves test.slow(), three times this.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // The trace keeps actions, DOM snapshots and network; its screencast (a JPEG of every frame) cost a sixth of
    // the run's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
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
  // Every journey at a desktop's and a phone's width; shot() fails a screen that scrolls sideways or fails axe.
  // The two files that compare both widths inside one test run once.
  projects: [
    { name: "desktop", testIgnore: /admin\.spec\.ts$/, use: { viewport: desktop } },
    {
      name: "phone",
      testIgnore: [/admin\.spec\.ts$/, bothWidthsInside],
      use: { baseURL: `http://localhost:${phonePort}`, viewport: phone },
    },
    {
      name: "admin-desktop",
      testMatch: /admin\.spec\.ts$/,
      use: { baseURL: `http://localhost:${adminPort}`, viewport: desktop },
    },
    {
      name: "admin-phone",
      testMatch: /admin\.spec\.ts$/,
      use: { baseURL: `http://localhost:${adminPhonePort}`, viewport: phone },
    },
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR),
    server(phonePort, process.env.E2E_PHONE_DATA_DIR),
    ...(runsAdmin
      ? [
          server(adminPort, process.env.E2E_ADMIN_DATA_DIR),
          server(adminPhonePort, process.env.E2E_ADMIN_PHONE_DATA_DIR),
        ]
      : []),
  ],
});
