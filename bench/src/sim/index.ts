// `npm run bench -- --only=sim`: N simulated players against real server processes (PGlite, or PostgreSQL
// with one or more processes), then the per-route figures, the live delays and the ledger check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routes } from "@bot-arena/contract";
import { request } from "../http";
import { type RunningServer, startServer } from "../server-process";
import { summarize } from "../stats";
import { actions, applyMix } from "./actions";
import { createApi, detectRoutes, type RouteKey } from "./api";
import { auditAfterRun, openForAudit, printAudit } from "./audit";
import { openBulkAccounts } from "./bulk-players";
import { type BenchDatabase, createBenchDatabase } from "./database";
import { Metrics, printLive, printRouteTable, printTimeline } from "./metrics";
import { PASSWORD } from "./player";
import { printProfile, profileFolder } from "./profile";
import { ADMIN_EMAIL, play, setUpPlayers, signUpAdmin } from "./run";
import { printLoops, startServerWatch } from "./server-metrics";
import { finishSimTournament, openSimTournament } from "./tournament";

export type SimOptions = {
  players: number;
  seconds: number;
  maxActions: number;
  thinkMs: number;
  servers: number;
  /** A PostgreSQL server to create the run's database on; null runs on PGlite. */
  postgresUrl: string | null;
  poolSize: number;
  grant: number;
  setupConcurrency: number;
  mix?: string;
  port: number;
  /** Seconds of play before the measured play (--warmup=S, default 0). */
  warmupSeconds: number;
  /** PostgreSQL runs make the accounts in bulk unless this is false (--bulk-setup=off). */
  bulkSetup: boolean;
  /** The servers shed load at production's bounds unless this is false (--load-shed=off). */
  loadShed: boolean;
  /** --profile: the servers run with --cpu-prof, and the functions with the most CPU time are printed. */
  profile: boolean;
  /** --route-cpu: the servers split their CPU by route (METRICS_ROUTE_CPU=on), printed per request. */
  routeCpu: boolean;
};

/** The shedder at production's bounds (the bench's other servers run with it off). */
const productionShedding = { LOAD_SHED: "on" };

export const serverEnv = (database: BenchDatabase | null, poolSize: number): Record<string, string> => ({
  ADMIN_EMAILS: ADMIN_EMAIL,
  ...(database ? { DATABASE_URL: database.url, DATABASE_POOL_SIZE: String(poolSize) } : {}),
});

export type FleetOptions = {
  servers: number;
  port: number;
  poolSize: number;
  /** Settings every server gets besides the database's (e.g. LIVE_BUS_URL). */
  env?: Record<string, string>;
};

/**
 * The server processes of a run: one on PGlite (in `dataDir`), or several on one PostgreSQL database (the media
 * are in the database, so the folder they share holds nothing they read).
 */
export async function startFleet(options: FleetOptions, database: BenchDatabase | null, dataDir: string) {
  if (!database && options.servers > 1) throw new Error("PGlite admits one server process: use PostgreSQL");
  const servers: RunningServer[] = [];
  // One after another: the first migrates and seeds, the others find it done.
  for (let i = 0; i < options.servers; i++) {
    servers.push(
      await startServer({
        port: options.port + i,
        env: { ...serverEnv(database, options.poolSize), ...options.env },
        dataDir,
      }),
    );
  }
  return servers;
}

/**
 * One kept-alive connection per player before the play, as a player whose page is open has one: the set-up ran 8
 * at a time, so without this the play's first second opened 2,000 connections at once, a stampede no player
 * makes (behind nginx the processes see its kept connections), whose first answers took seconds.
 */
async function openConnections(players: { caller: { base: URL } }[]): Promise<void> {
  await Promise.all(players.map((p) => request(p.caller.base, "GET", "/api/health/live").catch(() => null)));
}

function printSkipped(metrics: Metrics, present: Set<RouteKey>): void {
  for (const action of actions.filter((a) => metrics.skipped.has(a.name))) {
    const missing = action.needs
      .filter((key) => !present.has(key))
      .map((key) => `${routes[key].method} ${routes[key].path}`);
    console.log(`skipped: ${action.name} (the server has no ${missing.join(", ")} yet)`);
  }
}

export async function runSim(options: SimOptions): Promise<boolean> {
  const database = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_sim") : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-sim-"));
  const runId = Math.random().toString(36).slice(2, 7);
  let servers: RunningServer[] = [];
  const profile = options.profile ? profileFolder() : null;
  if (profile) process.env.BENCH_SERVER_NODE_ARGS = profile.nodeArgs;
  try {
    servers = await startFleet(
      {
        ...options,
        env: {
          ...(options.loadShed ? productionShedding : {}),
          ...(options.routeCpu ? { METRICS_ROUTE_CPU: "on" } : {}),
        },
      },
      database,
      dataDir,
    );
    const bases = servers.map((s) => s.base);
    const present = await detectRoutes(bases[0]!);
    const setupMetrics = new Metrics();
    const playMetrics = new Metrics();
    let current = setupMetrics;
    const api = createApi(present, () => current);
    console.log(
      `${options.players} players on ${servers.length} server process(es), ${database ? "PostgreSQL" : "PGlite"}; ` +
        `${present.size} of ${Object.keys(routes).length} contract routes served`,
    );

    const setupStarted = performance.now();
    const admin = await signUpAdmin(api, bases[0]!, runId);
    if (!admin) console.log("note: no admin grant route; players play with their starting coins");
    // On PostgreSQL the accounts are made in bulk with one full-cost hash (bulk-players.ts); the rest of the
    // set-up (coins, first bot, socket) goes through the API as before.
    const accounts = database && options.bulkSetup ? await openBulkAccounts(database.url, PASSWORD) : null;
    const players = await setUpPlayers(api, {
      accounts,
      players: options.players,
      bases,
      runId,
      concurrency: options.setupConcurrency,
      admin,
      grant: options.grant,
      metrics: () => current,
    }).finally(() => accounts?.close());
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    printRouteTable(
      `Set-up of ${players.length} players (${setupSeconds.toFixed(1)} s; accounts ${accounts ? "in bulk, one full-cost hash" : "through sign-up"})`,
      setupMetrics,
      setupSeconds,
    );
    console.log(`live sockets open: ${players.filter((p) => p.live?.open).length}`);

    await openConnections(players);
    const tournamentId = await openSimTournament(api, admin);
    // A warm-up (--warmup=S): the players play S seconds first, measured apart, so the figures below are a
    // running server's and the warm-up's own are printed beside them.
    const warmup = new Metrics();
    const warmupMs = options.warmupSeconds * 1000;
    let started = performance.now();
    let watch: Awaited<ReturnType<typeof startServerWatch>> | null = null;
    const measure = async () => {
      current = playMetrics;
      // With the measuring preload (bench/src/probe.mjs), its counters start with the measured play.
      if (process.env.BENCH_PROBE_DIR) for (const server of servers) server.child.kill("SIGUSR2");
      started = performance.now();
      watch = await startServerWatch(bases, admin);
    };
    const playing = play(api, players, {
      actions: applyMix(actions, options.mix),
      seconds: options.seconds + options.warmupSeconds,
      maxActions: options.maxActions,
      thinkMs: options.thinkMs,
      metrics: () => current,
    });
    if (warmupMs > 0) {
      current = warmup;
      await new Promise((resolve) => setTimeout(resolve, warmupMs));
    }
    await measure();
    const done = await playing;
    const seconds = (performance.now() - started) / 1000;
    if (warmupMs > 0) {
      const w = summarize(warmup.all(), options.warmupSeconds);
      console.log(
        `Warm-up (not in the figures below): ${w.count} requests in ${options.warmupSeconds} s, ` +
          `p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms`,
      );
    }
    printRouteTable(
      `Play: ${done} actions in ${seconds.toFixed(1)} s, think time ~${options.thinkMs} ms`,
      playMetrics,
      seconds,
    );
    printTimeline(playMetrics);
    if (watch) printLoops(await (watch as Awaited<ReturnType<typeof startServerWatch>>).finish());
    printSkipped(playMetrics, present);
    console.log(await finishSimTournament(api, admin, tournamentId));
    printLive(playMetrics, seconds);
    const fiveHundreds = playMetrics.count((s) => s >= 500) + setupMetrics.count((s) => s >= 500);
    const shed = playMetrics.shedCount() + setupMetrics.shedCount();
    console.log(
      `5xx answers: ${fiveHundreds}, besides ${shed} shed (503 with X-Load-Shed, ` +
        `${((100 * playMetrics.shedCount()) / Math.max(1, playMetrics.count(() => true) + playMetrics.shedCount())).toFixed(1)}% of the play's requests; ` +
        `the latencies above are the accepted requests')`,
    );

    for (const player of players) player.live?.close();
    for (const server of servers) await server.stop();
    servers = [];
    if (profile) printProfile(profile.dir);
    const audited = await openForAudit(
      database ? { url: database.url } : { pgliteDir: join(dataDir, "pglite") },
    );
    try {
      const result = await auditAfterRun(audited, players);
      printAudit(result.economy, result.acks);
      return result.ok && fiveHundreds === 0;
    } finally {
      await audited.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
