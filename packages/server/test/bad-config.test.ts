// Bad configurations, each refused before the database is touched: the process exits 2 and names the
// variable, and a listener standing in for PostgreSQL at DATABASE_URL sees no connection.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "..");
let connections = 0;
const sockets = new Set<Socket>();
const database = createServer((socket) => {
  connections += 1;
  sockets.add(socket);
  socket.destroy();
});
let databaseUrl = "";
const dataDir = mkdtempSync(path.join(tmpdir(), "bot-arena-bad-config-"));

beforeAll(async () => {
  await new Promise<void>((resolve) => database.listen(0, "127.0.0.1", resolve));
  const { port } = database.address() as { port: number };
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/arena`;
});
afterAll(async () => {
  await new Promise((resolve) => database.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: "0",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

const bad: [Record<string, string>, string][] = [
  [{ PORT: "abc" }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
  [{ PORT: "99999" }, 'PORT must be an integer from 0 to 65535 (got "99999")'],
  [{ LOCK_ORDER: "strcit" }, 'LOCK_ORDER must be strict or warn (got "strcit")'],
  [{ COOKIE_SECURE: "sometimes" }, "COOKIE_SECURE must be auto, on or off"],
  [{ LIVE_BUS_URL: "localhost:6379" }, "LIVE_BUS_URL must start with redis:// or rediss://"],
  [{ CASHOUT_PROVIDER: "zbd" }, "CASHOUT_PROVIDER=zbd needs ZBD_API_KEY"],
  [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN must be at least 16 visible ASCII characters"],
  [{ ADS: "maybe" }, 'ADS must be on or off (got "maybe")'],
  [{ LOG_FORMAT: "xml" }, 'LOG_FORMAT must be auto, json or pretty (got "xml")'],
  [{ RATE_LIMIT_PLAYER_MAX: "0" }, 'RATE_LIMIT_PLAYER_MAX must be an integer >= 1 (got "0")'],
  [{ MIGRATE_ON_START: "later" }, 'MIGRATE_ON_START must be on or off (got "later")'],
  // start() sets DATABASE_URL, so a file for it too is the setting given twice.
  [
    { DATABASE_URL_FILE: path.join(dataDir, "database-url") },
    "DATABASE_URL and DATABASE_URL_FILE are both set",
  ],
  [
    { METRICS_TOKEN_FILE: path.join(dataDir, "no-such-token") },
    `METRICS_TOKEN_FILE names a file that cannot be read: ${path.join(dataDir, "no-such-token")} (ENOENT)`,
  ],
];

describe("a bad configuration", () => {
  it("stops the process before it touches the database, naming the variable", async () => {
    const runs = await Promise.all(bad.map(([env]) => start(env)));
    for (const [i, run] of runs.entries()) {
      expect({ env: bad[i]![0], code: run.code }).toEqual({ env: bad[i]![0], code: 2 });
      expect(run.output).toContain("could not start: the configuration has problems:");
      expect(run.output).toContain(bad[i]![1]);
    }
    expect(connections).toBe(0);
  }, 120_000);
});
