// A real server process (`src/main.ts` through tsx) for the tests that need several processes on one database,
// a process killed mid-work, or one whose own clock is off (started behind `faketime`).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "..");

export type ServerProcess = {
  /** The address it printed, on 127.0.0.1. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` (SIGTERM: a graceful stop; SIGKILL: a crash), resolves with the exit code once it is gone,
   * and removes its data directory. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts `src/main.ts` on the PostgreSQL database at `databaseUrl` with a data directory of its own, on any free
 * port, quietly (`env` adds or overrides settings), behind `prefix` (e.g. `["faketime", "-f", "+1h"]`). Resolves
 * once it prints its address; rejects with its output if it exits or stays silent for `timeoutMs`.
 */
export function startServerProcess(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  prefix?: string[];
  timeoutMs?: number;
  /** Told everything the process printed so far, each time it prints (before it listens too). */
  onOutput?: (output: string) => void;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bot-arena-process-"));
  const command = [...(options.prefix ?? []), process.execPath, "--import", "tsx", "src/main.ts"];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      STARTER_MUSIC: "off",
      // A lock out of order fails the request, so a process test sees it.
      LOCK_ORDER: "strict",
      // A test machine busy with other files stalls a loop now and then; a shed request would fail the test.
      LOAD_SHED: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A group of its own: `faketime` runs the server as its child and does not pass signals on, so stopping
    // only the process we started left the server running (an orphan that outlived the test run).
    detached: true,
  });
  const signalAll = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signalAll("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, options.timeoutMs ?? 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      options.onOutput?.(output);
      const match = /Bot Arena running at (http:\/\/localhost:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        child,
        url: match[1]!.replace("localhost", "127.0.0.1"),
        output: () => output,
        stop: (signal = "SIGTERM") => {
          signalAll(signal);
          return exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.once("error", (error) => reject(new Error(`could not run ${command[0]}: ${error.message}`)));
  });
}

/** Moves the shared test clock forward through a process started with `TEST_CLOCK: "on"`; its deadlines run
 * before it answers. Resolves with the process's time after the move and the whole offset. */
export async function advanceProcessClock(
  server: ServerProcess,
  ms: number,
): Promise<{ now: Date; offsetMs: number }> {
  const response = await fetch(`${server.url}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: Math.round(ms) }),
  });
  const body = (await response.json()) as { now: string; offsetMs: number };
  if (response.status !== 200) throw new Error(`test clock: ${response.status} ${JSON.stringify(body)}`);
  return { now: new Date(body.now), offsetMs: body.offsetMs };
}

/** The test clock's offset a process follows now (it reads the shared one every second). */
export async function processClockOffset(server: ServerProcess): Promise<number | null> {
  const response = await fetch(`${server.url}/api/health`);
  return ((await response.json()) as { testClockOffsetMs: number | null }).testClockOffsetMs;
}

/** Every process follows the shared offset `offsetMs` or later (each reads it every second). */
export async function processesAt(servers: readonly ServerProcess[], offsetMs: number): Promise<void> {
  await Promise.all(
    servers.map((server) =>
      expect.poll(() => processClockOffset(server), { timeout: 15_000 }).toBeGreaterThanOrEqual(offsetMs),
    ),
  );
}

/** Moves the shared test clock through the first process, and resolves once every one of them follows it. */
export async function advanceProcessesClock(
  servers: readonly ServerProcess[],
  ms: number,
): Promise<{ now: Date; offsetMs: number }> {
  const moved = await advanceProcessClock(servers[0]!, ms);
  await processesAt(servers, moved.offsetMs);
  return moved;
}
