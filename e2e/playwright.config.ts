// Browser journeys in Debian's Chromium against the built web app served by the real server on a fresh database.
// One browser pass per flow, at a desktop's width; one phone sweep (phone-sweep.spec.ts) visits every screen at
// 390 px, and phone.spec.ts keeps the flows only a phone has.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Every port comes from E2E_PORT and E2E_ADMIN_PORT, so runs side by side (E2E_PORT=5310, 6310) never meet.
const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the environment, so every process of one run agrees on the same fresh data directories.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-"));
// The journeys that move time (the tournament's and the guild war's deadlines, POST /api/test/clock) get a server
// and data of their own, so the clock they move is no other journey's.
const clockPort = port + 2;
process.env.E2E_CLOCK_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-clock-"));
// The admin journeys change what every player shares (the image library, the music list), so they get a
// server and data of their own; it starts only when the run includes them.
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? port + 100);
process.env.E2E_ADMIN_DATA_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-admin-"));
// The screens axe-core has looked at in this run, one file each (support.ts, shot()).
process.env.E2E_AXE_DIR ??= mkdtempSync(join(tmpdir(), "bot-arena-e2e-axe-"));

const clockFiles = /(tournament|tournament-formats|guild-wars|cashout|pvp-season|push-away)\.spec\.ts$/;
const adminFiles = /admin\.spec\.ts$/;
const phoneSweep = /phone-sweep\.spec\.ts$/;
const files = process.argv.filter((arg) => /\.spec\.ts$/.test(arg));
const runs = (pattern: RegExp) => files.length === 0 || files.some((file) => pattern.test(file));
// The phone sweep's admin stops run on the admin server too: they add a cash-out and a chat report.
const runsAdmin = runs(/(admin|phone-sweep)\.spec\.ts$/);
const runsClock = runs(clockFiles);
const runsMain = files.length === 0 || files.some((file) => !adminFiles.test(file) && !clockFiles.test(file));

export const adminEmail = "admin@arena.test";
/** The admin journeys' server, for the phone sweep's admin stops. */
export const adminBaseURL = `http://localhost:${adminPort}`;

const desktop = { width: 1440, height: 900 };

// Journeys that cash out do it with a pilot made a minute ago: the house's 7 days and 20 battles are
// cashout.spec.ts's to show, on the clock server, where time can pass. The record-only provider stays.
const cashoutsOpen = { CASHOUT_MIN_ACCOUNT_DAYS: "0", CASHOUT_MIN_BATTLES: "0" };
const phone = { width: 390, height: 844 };

/** The compiled server, as `npm start` runs it (built first when its sources changed), on a fresh data directory. */
function server(listenPort: number, dataDir: string | undefined, extraEnv: Record<string, string> = {}) {
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
      // A lock out of order fails the journey that takes the path.
      LOCK_ORDER: "strict",
      RATE_LIMIT_AUTH_MAX: "10000",
      // Journeys click faster than any player; the per-player limits have their own server tests.
      RATE_LIMIT_PLAYER_MAX: "100000",
      // Chromium and the server share two busy cores: a stalled loop must not refuse a journey's click (the
      // shedding has its own server tests).
      LOAD_SHED: "off",
      // Every journey's browser loads pictures and music from 127.0.0.1, signed out too (the landing page, the
      // sign-in form): one address, many players at once. The media limits have their own server tests.
      RATE_LIMIT_MEDIA_MAX: "100000",
      RATE_LIMIT_MEDIA_STREAMS_PER_ADDRESS: "1000",
      RATE_LIMIT_MEDIA_STREAMS: "1000",
      // Journeys sign up dozens of pilots on two busy cores; production's scrypt cost is proven by the server suite.
      PASSWORD_HASH_COST: "12",
      // ...at once, so the strangers' lane keeps all its seats and never rests (the pacing has server tests).
      PASSWORD_HASH_STRANGER_SHARE: "100",
      LOG_LEVEL: "warn",
      // Every journey's browser signs up from 127.0.0.1, so all its pilots are linked by address; PvP's refusal
      // of linked accounts has its own server tests (features/pilots/pilots.test.ts).
      PVP_REFUSE_LINKED: "off",
      // Journeys may fix a battle's seed (x-test-battle-seed) so none needs luck to win.
      TEST_BATTLE_SEEDS: "on",
      // A whole guild war (registration, then 7 rounds of 15 s) in two and a quarter minutes for the guild-wars
      // journey; each phase leaves room for the checks and a screenshot of it on a busy machine (a 42 s battle
      // once ended while the journey was still taking its picture, before it could press Watch).
      GUILD_WAR_REGISTRATION_SECONDS: "30",
      GUILD_WAR_BATTLE_SECONDS: "105",
      ...extraEnv,
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
    // Animations play at their real speed only in the journeys about them (the COMBAT ZONE in arena.spec.ts, the
    // summon's reveal in bots.spec.ts), which ask for `reducedMotion: "no-preference"`; everywhere else the app
    // skips them, as it does for a player who asks the system for less motion. Contexts a journey opens itself
    // (browser.newContext()) get this too.
    reducedMotion: "reduce",
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
  // Each flow once, at a desktop's width; shot() fails a screen that scrolls sideways and runs axe-core once per
  // distinct screen. The longest journeys come first in the queue (the clock's, then the sweep's), so neither
  // worker is left with one of them at the end.
  projects: [
    // One at a time: both journeys move the one clock of their server, and an hour pushed by the guild war would
    // end a tournament round while that journey looks.
    {
      name: "clock",
      testMatch: clockFiles,
      workers: 1,
      use: { baseURL: `http://localhost:${clockPort}`, viewport: desktop },
    },
    // Every screen at a phone's width, on the main server (it only reads and adds players of its own), the admin's
    // stops on the admin server.
    { name: "phone-sweep", testMatch: phoneSweep, use: { viewport: phone } },
    {
      name: "admin",
      testMatch: adminFiles,
      use: { baseURL: adminBaseURL, viewport: desktop },
    },
    // phone.spec.ts and win-chance.spec.ts set their widths inside.
    { name: "desktop", testIgnore: [adminFiles, clockFiles, phoneSweep], use: { viewport: desktop } },
  ],
  webServer: [
    ...(runsMain ? [server(port, process.env.E2E_DATA_DIR, cashoutsOpen)] : []),
    ...(runsClock
      ? [
          server(clockPort, process.env.E2E_CLOCK_DATA_DIR, {
            TEST_CLOCK: "on",
            // The journeys move the clock to each deadline and never wait for one, so the phases are long enough
            // that none ends while a journey looks: an hour of registration, then seven rounds of an hour.
            GUILD_WAR_REGISTRATION_SECONDS: "3600",
            GUILD_WAR_BATTLE_SECONDS: "25200",
            // The house's 7 days, so cashout.spec.ts shows the real rule, and one battle for it to fight.
            CASHOUT_MIN_BATTLES: "1",
            // push-away.spec.ts subscribes to the local fake push service (an http endpoint on 127.0.0.1) and moves
            // the clock past this delay (push-away.spec.ts's PUSH_DELAY).
            PUSH_TEST_ENDPOINTS: "on",
            PUSH_DELAY_SECONDS: "60",
          }),
        ]
      : []),
    ...(runsAdmin ? [server(adminPort, process.env.E2E_ADMIN_DATA_DIR, cashoutsOpen)] : []),
  ],
});
