// `npm run bench -- --only=crash`: players play while the server is killed with SIGKILL, restarted on the same
// data (PGlite directory or PostgreSQL database), then stopped with SIGTERM under load. The audit then shows
// that every 2xx money answer is in the ledger (nothing committed was lost), no half action is visible
// (balances equal ledgers, transfers net zero), and that requests in flight at SIGTERM were answered.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "../server-process";
import { actions } from "../sim/actions";
import { type Api, createApi, detectRoutes } from "../sim/api";
import { auditAfterRun, openForAudit, printAudit } from "../sim/audit";
import { createBenchDatabase } from "../sim/database";
import { serverEnv } from "../sim/index";
import { Metrics, NO_ANSWER } from "../sim/metrics";
import type { SimPlayer } from "../sim/player";
import { play, setUpPlayers, signUpAdmin } from "../sim/run";
import { printTable } from "../stats";

export type CrashOptions = { players: number; loadSeconds: number; postgresUrl: string | null; port: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Money actions only, back to back, so a kill lands in the middle of transactions. */
const moneyMix = actions.filter((a) => !["browse", "leaderboard", "battle-history"].includes(a.name));

async function underLoad(
  api: Api,
  players: SimPlayer[],
  metrics: Metrics,
  loadMs: number,
  fault: () => Promise<void>,
) {
  const stop = { requested: false };
  const playing = play(api, players, {
    actions: moneyMix,
    seconds: 120,
    maxActions: 1e6,
    thinkMs: 20,
    metrics: () => metrics,
    stop,
  });
  await sleep(loadMs);
  await fault();
  stop.requested = true;
  await playing;
}

function waitForExit(server: RunningServer): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
}

export async function runCrash(options: CrashOptions): Promise<boolean> {
  const database = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_crash") : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-crash-"));
  const start = () => startServer({ port: options.port, env: serverEnv(database, 10), dataDir });
  let server: RunningServer | null = null;
  try {
    server = await start();
    const metrics = new Metrics();
    const api = createApi(await detectRoutes(server.base), () => metrics);
    const admin = await signUpAdmin(api, server.base, "crash");
    const players = await setUpPlayers(api, {
      ...{ players: options.players, bases: [server.base], runId: "crash", concurrency: 8 },
      ...{ admin, grant: 5000, metrics: () => metrics, accounts: null },
    });

    // 1. SIGKILL in the middle of the load, then the same data again.
    const killed = server;
    await underLoad(api, players, metrics, options.loadSeconds * 1000, async () => {
      const exited = waitForExit(killed);
      killed.child.kill("SIGKILL");
      await exited;
    });
    const acksBeforeKill = players.reduce((n, p) => n + p.acks.length, 0);
    const restartStarted = performance.now();
    server = await start();
    const restartMs = performance.now() - restartStarted;
    const sessionsKept = (
      await Promise.all(players.map((p) => api.call({ ...p.caller, base: server!.base }, "me")))
    ).filter((r) => r.ok).length;

    // 2. SIGTERM in the middle of the load: what was in flight must still be answered.
    const stopping = server;
    let termAt = 0;
    let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
    let stopMs = 0;
    await underLoad(api, players, metrics, options.loadSeconds * 1000, async () => {
      const exited = waitForExit(stopping);
      termAt = performance.now();
      stopping.child.kill("SIGTERM");
      exit = await exited;
      stopMs = performance.now() - termAt;
    });
    server = null;
    const inFlight = metrics.timeline.filter((r) => r.started < termAt && r.started > termAt - 5_000);
    const dropped = inFlight.filter((r) => r.status === NO_ANSWER && r.started < termAt - 1);
    const fiveHundreds = metrics.timeline.filter((r) => r.status >= 500);

    const audited = await openForAudit(
      database ? { url: database.url } : { pgliteDir: join(dataDir, "pglite") },
    );
    try {
      const result = await auditAfterRun(audited, players);
      printTable(
        `Crash and graceful stop, ${database ? "PostgreSQL" : "PGlite"}, ${players.length} players`,
        ["step", "result"],
        [
          ["2xx money answers before SIGKILL", acksBeforeKill],
          ["restart on the same data", `${restartMs.toFixed(0)} ms`],
          ["sessions still valid after restart", `${sessionsKept} of ${players.length}`],
          ["SIGTERM: exit", `code ${exit.code} after ${stopMs.toFixed(0)} ms`],
          [
            "requests sent before SIGTERM left unanswered",
            `${dropped.length} of ${inFlight.length} in its last 5 s`,
          ],
          [
            "5xx answers over the run",
            fiveHundreds
              .map((r) => `${r.status} ${r.route}`)
              .slice(0, 5)
              .join(", ") || "0",
          ],
        ],
      );
      printAudit(result.economy, result.acks);
      return result.ok && dropped.length === 0 && exit.code === 0 && sessionsKept === players.length;
    } finally {
      await audited.close();
    }
  } finally {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
