// The release (`npm run build`, scripts/release.mjs) installed and started as docs/operations.md's upgrade
// procedure does it: built into a folder of its own, `npm ci --omit=dev` (from npm's cache where it can), a start
// with MIGRATE_ON_START=off refused while the database is behind, `npm run migrate`, then the server started as the
// systemd unit starts it, which must build nothing and serve the game: its page, the bundles that page names and a
// ready health check, and stop cleanly on SIGTERM.
// On PostgreSQL when the run has one (a database of its own), else on PGlite in a data folder of its own.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../src/platform/paths";
import { createTestDatabase, type TestDatabase } from "./helpers";

const work = mkdtempSync(path.join(tmpdir(), "bot-arena-release-"));
const release = path.join(work, "release");
const children = new Set<ChildProcess>();
let database: TestDatabase | null = null;
afterAll(async () => {
  for (const child of children) if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The environment of a command on the host: without what the `npm test` this runs under says about its own
 * project (its prefix, workspace, package and script), which would point npm back at the repository; npm's cache,
 * registry and user configuration stay, so the install finds what the repository's install fetched.
 */
const PROJECT_NPM_SETTING =
  /^npm_(package_|lifecycle_|command$|config_(local_prefix|prefix|global_prefix|workspaces?|include_workspace_root)$)/i;
function hostEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !PROJECT_NPM_SETTING.test(name)),
  );
  return { ...env, LOG_LEVEL: "warn", LOG_FORMAT: "json", STARTER_MUSIC: "off", ...extra };
}

type Run = { code: number | null; output: string; child: ChildProcess };

/** Runs a command (in a process group of its own, so a stop reaches npm's child); `until` resolves early. */
function command(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; until?: (output: string) => boolean },
): Promise<Run> {
  const child = spawn(args[0]!, args.slice(1), {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  let output = "";
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.until?.(output)) resolve({ code: null, output, child });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      children.delete(child);
      resolve({ code, output, child });
    });
  });
}

it("installs with npm ci --omit=dev, migrates as its own step, starts without building and serves the game", async () => {
  const built = await command([process.execPath, "scripts/release.mjs", "--out", release], {
    cwd: repoRoot,
    env: process.env,
  });
  expect(built.code, built.output).toBe(0);
  const manifest = JSON.parse(readFileSync(path.join(release, "package.json"), "utf8"));
  expect(manifest.devDependencies).toBeUndefined();
  for (const tool of ["vite", "esbuild", "typescript", "tsx", "vitest", "@bot-arena/server"])
    expect(Object.keys(manifest.dependencies)).not.toContain(tool);
  // The web app and the migrations travel in the release; nothing is built on the host.
  expect(existsSync(path.join(release, "packages/web/dist/index.html"))).toBe(true);
  expect(existsSync(path.join(release, "packages/server/drizzle/meta/_journal.json"))).toBe(true);
  expect(existsSync(path.join(release, "scripts"))).toBe(false);

  const installed = await command(
    ["npm", "ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"],
    {
      cwd: release,
      env: hostEnv({}),
    },
  );
  expect(installed.code, installed.output).toBe(0);
  expect(existsSync(path.join(release, "node_modules/fastify"))).toBe(true);
  expect(existsSync(path.join(release, "node_modules/vite"))).toBe(false);
  expect(existsSync(path.join(release, "node_modules/esbuild"))).toBe(false);

  if (process.env.DATABASE_URL) database = await createTestDatabase({ empty: true });
  const env = hostEnv({
    ...(database?.url ? { DATABASE_URL: database.url } : { DATABASE_URL: "" }),
    DATA_DIR: path.join(work, "data"),
    HOST: "127.0.0.1",
    PORT: "0",
    MIGRATE_ON_START: "off",
  });

  const early = await command(["npm", "start"], { cwd: release, env });
  expect(early.code, early.output).toBe(1);
  expect(early.output).toContain("MIGRATE_ON_START=off: run `npm run migrate` first");

  const migrated = await command(["npm", "run", "migrate"], { cwd: release, env });
  expect(migrated.code, migrated.output).toBe(0);
  expect(migrated.output).toMatch(/migrate: applied \d+ migration\(s\)/);

  // As the systemd unit starts it (docs/deploy/bot-arena@.service): node on the release's main.js, no npm between
  // the signal and the server, so its own exit code is what comes back.
  const started = await command(["node", "--enable-source-maps", "packages/server/dist/main.js"], {
    cwd: release,
    env,
    until: (output) => /Bot Arena running at http:\/\/localhost:\d+/.test(output),
  });
  expect(started.code, started.output).toBeNull();
  const port = /Bot Arena running at http:\/\/localhost:(\d+)/.exec(started.output)![1];
  const base = `http://127.0.0.1:${port}`;
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  expect(html).toContain("BOT ARENA");
  const bundles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(bundles.length).toBeGreaterThan(0);
  for (const bundle of bundles) expect((await fetch(`${base}${bundle}`)).status, bundle).toBe(200);
  expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => started.child.once("exit", resolve));
  started.child.kill("SIGTERM");
  expect(await exited).toBe(0);
}, 180_000);
