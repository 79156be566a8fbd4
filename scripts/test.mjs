// `npm test`: every test of the project, in order of speed: static checks (and the proof that the import arrows
// can fail), rules, the image generator, server on PGlite, server again on PostgreSQL whenever one is reachable
// (the races prove something only there), web units, browser journeys.
// Each runner writes a JSON report so the last line can add them up as one "N passed, N failed"; a journey
// that passed only on a retry counts as failed (the journeys run without retries anyway).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ensureChromium, root, run } from "./lib.mjs";

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
const vitestReports = ["arrows", "game", "images", "server", "server-postgres", "web"];
for (const name of [...vitestReports, "e2e"]) rmSync(join(reports, `${name}.json`), { force: true });

const vitest = (workspace, name) => [
  "npx",
  [
    "vitest",
    "run",
    "--root",
    workspace,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${join(reports, `${name}.json`)}`,
  ],
];

const postgres = await reachablePostgres();
// The PGlite run must not pick up a DATABASE_URL from the environment: that is the PostgreSQL run's.
const pgliteEnv = { ...process.env, DATABASE_URL: "" };
const steps = [
  ["lint", ["npx", ["biome", "check", "."]]],
  ["import arrows can fail", vitest("scripts", "arrows")],
  ["typecheck", ["npm", ["run", "typecheck"]]],
  ["game", vitest("packages/game", "game")],
  ["images", vitest("packages/images", "images")],
  ["server on PGlite", vitest("packages/server", "server"), { env: pgliteEnv }],
  postgres
    ? [
        "server on PostgreSQL",
        vitest("packages/server", "server-postgres"),
        { env: { ...process.env, DATABASE_URL: postgres } },
      ]
    : null,
  ["web", vitest("packages/web", "web")],
].filter(Boolean);
if (!postgres) {
  console.log(
    "\nNo PostgreSQL reachable (DATABASE_URL unset, nothing on 127.0.0.1:5432): the server suite runs on PGlite only, where race tests prove nothing.",
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
for (const [name, [command, args], options] of steps) {
  console.log(`\n=== ${name}`);
  if ((await run(command, args, options)) !== 0) {
    stepFailed(name);
  }
}

console.log("\n=== browser journeys");
if (!ensureChromium()) stepFailed("browser journeys: Chromium");
else if ((await run("npm", ["run", "build", "-w", "packages/web"])) !== 0) stepFailed("web build");
else {
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "e2e.json") };
  if (
    (await run("npx", ["playwright", "test", "--reporter=list,json"], { cwd: join(root, "e2e"), env })) !== 0
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
console.log(`\nTests: ${passed} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);

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
