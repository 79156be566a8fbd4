// `npm test`: every test of the project, in order of speed: static checks, rules, server, web units, browser journeys.
// Each runner writes a JSON report so the last line can add them up as one "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium, root, run } from "./lib.mjs";

const reports = join(root, "test-results");
mkdirSync(reports, { recursive: true });
for (const name of ["game", "server", "web", "e2e"]) rmSync(join(reports, `${name}.json`), { force: true });

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

const steps = [
  ["lint", ["npx", ["biome", "check", "."]]],
  ["typecheck", ["npm", ["run", "typecheck"]]],
  ["game", vitest("packages/game", "game")],
  ["server", vitest("packages/server", "server")],
  ["web", vitest("packages/web", "web")],
];

let failed = false;
for (const [name, [command, args]] of steps) {
  console.log(`\n=== ${name}`);
  if ((await run(command, args)) !== 0) {
    console.error(`=== ${name} failed`);
    failed = true;
  }
}

console.log("\n=== browser journeys");
if (!ensureChromium()) failed = true;
else if ((await run("npm", ["run", "build", "-w", "packages/web"])) !== 0) failed = true;
else {
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "e2e.json") };
  if (
    (await run("npx", ["playwright", "test", "--reporter=list,json"], { cwd: join(root, "e2e"), env })) !== 0
  )
    failed = true;
}

let passed = 0;
let failedTests = 0;
for (const name of ["game", "server", "web"]) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failedTests += report.numFailedTests ?? 0;
}
const e2e = join(reports, "e2e.json");
if (existsSync(e2e)) {
  const stats = JSON.parse(readFileSync(e2e, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failedTests += stats.unexpected ?? 0;
}
if (failed && failedTests === 0) failedTests = 1;
console.log(`\nTests: ${passed} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);
