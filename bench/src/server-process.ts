// Starts a real server process on a fresh data directory and measures how long it takes to answer /api/health.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "./http";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export type RunningServer = {
  base: URL;
  child: ChildProcess;
  startupMs: number;
  dataDir: string;
  stop: () => Promise<void>;
};

/** `dataDir` given: the caller owns it (restarts on the same data); otherwise a fresh one removed on stop. */
export async function startServer(
  options: { entry?: string; env?: Record<string, string>; port: number; dataDir?: string } = { port: 4400 },
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "bot-arena-bench-"));
  const base = new URL(`http://127.0.0.1:${options.port}`);
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", options.entry ?? "packages/server/src/main.ts"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      STARTER_MUSIC: "off",
      RATE_LIMIT_AUTH_MAX: "1000000",
      ...options.env,
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const answer = await request(base, "GET", "/api/health");
      if (answer.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - started;
  return {
    base,
    child,
    startupMs,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
