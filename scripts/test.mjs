// `npm test`: every test of the project, in order of speed: static checks (and the proof that the import arrows
// can fail), rules, the image generator, the server suite, web units, browser journeys.
// The server suite runs once in full: on PostgreSQL whenever one is reachable (its races prove something only
// there; CI always has one), plus the few files about PGlite itself on PGlite; with no PostgreSQL, all of it on
// PGlite, and this says so. With TEST_LIVE_BUS_URL (a Redis; CI sets it) the live, session, chat and limit
// files run once more on PostgreSQL with the live bus on that Redis. Independent steps run side by side where two cores allow, each one's output held
// back and printed whole when it ends; the minutes each step took are printed above the last line.
// Each runner writes a JSON report so the last line can add them up as one "N passed, N failed"; a journey
// that passed only on a retry counts as failed (the journeys run without retries anyway).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ensureChromium, ensureFaketime, root, run, runCaptured } from "./lib.mjs";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

/** DATABASE_URL when set; else a PostgreSQL answering on 127.0.0.1:5432; else null. */
async function reachablePostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const open = await new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: 5432 });
    socket.setTimeout(1000);
    const answer = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
    socket.once("timeout", () => answer(false));
  });
  return open ? LOCAL_POSTGRES : null;
}

const reports = join(root, "test-results");
mkdirSync(reports, { recursive: true });
const vitestReports = ["arrows", "game", "images", "server", "server-postgres", "server-redis-bus", "web"];
for (const name of [...vitestReports, "e2e"]) rmSync(join(reports, `${name}.json`), { force: true });

const vitest = (workspace, name, files = []) => [
  "npx",
  [
    "vitest",
    "run",
    "--root",
    workspace,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${join(reports, `${name}.json`)}`,
    ...files,
  ],
];

/** The files that run again with the live bus on Redis: whatever travels on the bus or counts in Redis. */
const liveBusFiles = [
  "src/platform/live",
  "src/platform/auth/session-memory.test.ts",
  "src/platform/limits",
  "src/features/chat",
  "test/two-servers.test.ts",
];

const startedAt = Date.now();
const postgres = await reachablePostgres();
// The PostgreSQL run holds the clock-skew test, which starts a server under faketime: installed up front (as
// root), or named here, so its failure is not the first news of it.
if (postgres) ensureFaketime();
// The PGlite runs must not pick up a DATABASE_URL from the environment: that is the PostgreSQL run's. No run
// but the live bus's picks up a LIVE_BUS_URL either: the suite runs on the database's own bus.
const pgliteEnv = { ...process.env, DATABASE_URL: "", LIVE_BUS_URL: "" };
const liveBusUrl = postgres ? process.env.TEST_LIVE_BUS_URL || null : null;
const step = (name, [command, args], options) => ({ name, command, args, options });
const lint = step("lint", ["npx", ["biome", "check", "."]]);
// The scripts' own tests: the import arrows can fail, and a web build swapped in is fresh for `npm start`.
const arrows = step("scripts (import arrows can fail, web build staleness)", vitest("scripts", "arrows"));
const typecheck = step("typecheck", ["npm", ["run", "typecheck"]]);
const game = step("game", vitest("packages/game", "game"));
const images = step("images", vitest("packages/images", "images"));
const web = step("web", vitest("packages/web", "web"));
// Built before the server suite: the server's test of the prerendered pages reads the real build.
const webBuild = step("web build (for the server's page tests)", [
  "npm",
  ["run", "build", "-w", "packages/web"],
]);
// Each phase's lanes run side by side, the steps of a lane one after another. A phase of one lane streams its
// output as it comes; the server suite has a phase to itself (two workers and PostgreSQL fill both cores).
const phases = postgres
  ? [
      [
        [lint, arrows, typecheck],
        [game, images, webBuild],
      ],
      [
        [
          step("server on PostgreSQL", vitest("packages/server", "server-postgres"), {
            env: { ...process.env, DATABASE_URL: postgres, LIVE_BUS_URL: "" },
          }),
        ],
      ],
      ...(liveBusUrl
        ? [
            [
              [
                step(
                  "server's live, session, chat and limit files on PostgreSQL with the live bus on Redis",
                  vitest("packages/server", "server-redis-bus", liveBusFiles),
                  { env: { ...process.env, DATABASE_URL: postgres, LIVE_BUS_URL: liveBusUrl } },
                ),
              ],
            ],
          ]
        : []),
      [
        [
          step("server on PGlite (PGlite's own files)", vitest("packages/server", "server"), {
            env: { ...pgliteEnv, SERVER_TEST_DB: "pglite-only" },
          }),
        ],
        [web],
      ],
    ]
  : [
      [
        [lint, arrows, typecheck],
        [game, images, webBuild],
      ],
      [
        [
          step("server on PGlite (the whole suite: no PostgreSQL)", vitest("packages/server", "server"), {
            env: pgliteEnv,
          }),
        ],
      ],
      [[web]],
    ];
if (postgres) {
  console.log(
    `\nPostgreSQL reachable (${redacted(postgres)}): the server suite runs there in full, and PGlite's own files on PGlite.`,
  );
  if (liveBusUrl) console.log(`Live bus files once more with LIVE_BUS_URL=${redacted(liveBusUrl)}.`);
} else {
  console.log(
    "\nNo PostgreSQL reachable (DATABASE_URL unset, nothing on 127.0.0.1:5432): the server suite runs on PGlite only, where race tests prove nothing (the PostgreSQL-only files and races are left out).",
  );
}

let failed = false;
// Each step that failed, named with the tests below: lint and typecheck write no report of their own.
const failedSteps = [];
const stepFailed = (name) => {
  console.error(`=== ${name} failed`);
  failedSteps.push(name);
  failed = true;
};
/** [name, milliseconds] of every step, in the order they were planned (side by side ones overlap). */
const timings = [];
const timed = async (name, work) => {
  const entry = [name, null];
  timings.push(entry);
  const started = Date.now();
  const code = await work();
  entry[1] = Date.now() - started;
  return code;
};

for (const lanes of phases) {
  const alone = lanes.length === 1 && lanes[0].length === 1;
  if (!alone) {
    const plan = lanes.map((lane) => lane.map((s) => s.name).join(", then ")).join("  |  ");
    console.log(`\n=== side by side, each printed when it ends: ${plan}`);
  }
  for (const lane of lanes) for (const s of lane) timings.push([s.name, null]);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) {
        const entry = timings.find(([name]) => name === s.name);
        const started = Date.now();
        let code;
        if (alone) {
          console.log(`\n=== ${s.name}`);
          code = await run(s.command, s.args, s.options);
        } else {
          const result = await runCaptured(s.command, s.args, s.options);
          code = result.code;
          console.log(`\n=== ${s.name} (${minutes(Date.now() - started)})`);
          process.stdout.write(result.output);
        }
        entry[1] = Date.now() - started;
        if (code !== 0) stepFailed(s.name);
      }
    }),
  );
}

console.log("\n=== browser journeys");
if (!ensureChromium()) stepFailed("browser journeys: Chromium");
else if ((await timed("web build", () => run("npm", ["run", "build", "-w", "packages/web"]))) !== 0)
  stepFailed("web build");
else {
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "e2e.json") };
  if (
    (await timed("browser journeys", () =>
      run("npx", ["playwright", "test", "--reporter=list,json"], { cwd: join(root, "e2e"), env }),
    )) !== 0
  )
    stepFailed("browser journeys");
}

let passed = 0;
let failedTests = 0;
// Named again at the very end: a CI log is often read from its tail, far below where the runner printed them.
const failures = failedSteps.map((step) => `step: ${step}`);
for (const name of vitestReports) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failedTests += report.numFailedTests ?? 0;
  for (const suite of report.testResults ?? []) {
    const path = suite.name.slice(root.length + 1);
    const failedInFile = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedInFile)
      failures.push(`${name}: ${path} › ${t.fullName}\n    ${firstLine(t.failureMessages)}`);
    if (suite.status === "failed" && failedInFile.length === 0)
      failures.push(`${name}: ${path}\n    ${firstLine([suite.message])}`);
  }
}
const e2e = join(reports, "e2e.json");
if (existsSync(e2e)) {
  const report = JSON.parse(readFileSync(e2e, "utf8"));
  const stats = report.stats ?? {};
  // A flaky journey (failed, then passed on a retry) is a failure: a test that needs luck proves nothing.
  passed += stats.expected ?? 0;
  failedTests += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  if (stats.flaky) failed = true;
  for (const journey of failedJourneys(report.suites ?? [])) failures.push(`journeys: ${journey}`);
}
if (failed && failedTests === 0) failedTests = 1;
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
const width = Math.max(...timings.map(([name]) => name.length), "total".length);
console.log("\nMinutes per step (m:ss; steps side by side overlap):");
for (const [name, ms] of timings) console.log(`  ${name.padEnd(width)}  ${ms === null ? "-" : minutes(ms)}`);
console.log(`  ${"total".padEnd(width)}  ${minutes(Date.now() - startedAt)}`);
console.log(`\nTests: ${passed} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);

function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A database URL without its password, fit for a log. */
function redacted(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function firstLine(messages) {
  const text = stripVTControlCharacters((messages ?? []).find(Boolean) ?? "");
  return (
    text
      .split("\n")
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

/** "file › title [project]" and its error's first line, for every journey whose outcome was not the expected one. */
function failedJourneys(suites) {
  const found = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "expected" || t.status === "skipped") continue;
        const error = t.results?.find((r) => r.error)?.error?.message ?? t.status;
        found.push(`${spec.file} › ${spec.title} [${t.projectName}]\n    ${firstLine([error])}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
  return found;
}
