// `npm run bench -- --only=scale`: the figures behind the capacity model in docs/operations.md (issue 28). The
// same money-action load (AI battles and bank deposits from N players, each thinking ~T between actions) on two
// server processes on one PostgreSQL database, once with the live bus on PostgreSQL's NOTIFY and once on Redis
// (LIVE_BUS_URL), printed side by side: committed actions/s, request p99, live delivery p99 (arrival at the
// player's socket minus the event's `at`), the servers' CPU, and the NOTIFY statements the run cost, counted two
// ways: the servers' own counter of NOTIFY statements sent (bot_arena_live_bus_sends_total on each process's
// metrics route) and the notifications a plain LISTEN on the database heard. Then, on each bus, the fan-out to
// 10,000 sockets across the two processes (fanout.ts). Each bus gets a fresh database and a Redis of the run's own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routes } from "@bot-arena/contract";
import pg from "pg";
import { type OwnRedis, startOwnRedis } from "../../packages/server/test/redis-server";
import { type Ceilings, measureCeilings } from "./bus-ceilings";
import { type FanoutFigures, fanoutOn } from "./fanout";
import { assertLoopback, request } from "./http";
import type { RunningServer } from "./server-process";
import { type Action, actions } from "./sim/actions";
import { createApi, detectRoutes, routeName } from "./sim/api";
import { openBulkAccounts } from "./sim/bulk-players";
import { createBenchDatabase } from "./sim/database";
import { startFleet } from "./sim/index";
import { Metrics } from "./sim/metrics";
import { PASSWORD } from "./sim/player";
import { play, setUpPlayers, signUpAdmin } from "./sim/run";
import { printTable, summarize } from "./stats";

export type ScaleOptions = {
  players: number;
  seconds: number;
  thinkMs: number;
  servers: number;
  postgresUrl: string;
  /** A Redis to use; null starts one of the run's own on a free port. */
  redisUrl: string | null;
  poolSize: number;
  port: number;
  fanoutClients: number;
  fanoutPublishes: number;
  /** The buses in the order they run (the machine's load moves: run both orders to see its share). */
  buses: Bus[];
  /** pgbench's and redis-benchmark's clients for the ceilings; 0 leaves them out. */
  ceilingClients: number;
};

export type Bus = "postgres" | "redis";

type BusFigures = {
  bus: Bus;
  seconds: number;
  battles: number;
  deposits: number;
  refused: number;
  fiveHundreds: number;
  requests: ReturnType<typeof summarize>;
  live: ReturnType<typeof summarize>;
  notifyStatements: number;
  busSends: number;
  notificationsHeard: number;
  databaseCommits: number;
  serverCpuSeconds: number;
  fanout: FanoutFigures | null;
  /** The servers' resident memory (summed) before the fan-out's sockets and with all of them open, and the sockets. */
  fanoutMemory: { before: number; connected: number; sockets: number } | null;
};

/** A deposit of a coin or two: a ledger transfer wallet → vault with its balance event, well inside the day's 500. */
const deposit: Action = {
  name: "deposit",
  weight: 1,
  needs: ["bankDeposit"],
  async run(api, player) {
    await api.call(player.caller, "bankDeposit", { body: { amount: 1 + Math.floor(Math.random() * 2) } });
  },
};
const aiBattle = { ...actions.find((action) => action.name === "ai-battle")!, weight: 1 };

const BATTLE = routeName(routes.aiBattle);
const DEPOSIT = routeName(routes.bankDeposit);

/** Sums one counter over the processes' metrics (admin only). */
async function counterSum(bases: URL[], cookie: string, line: string): Promise<number> {
  const texts = await Promise.all(
    bases.map(async (base) => (await request(base, "GET", "/api/admin/metrics", { cookie })).body),
  );
  return texts.reduce((sum, text) => {
    const found = text.split("\n").find((l) => l.startsWith(`${line} `));
    return sum + (found ? Number(found.slice(line.length + 1)) : 0);
  }, 0);
}

/** A LISTEN on the database's live channel that counts what PostgreSQL delivers (notifications, not statements). */
async function countNotifications(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let heard = 0;
  client.on("notification", () => {
    heard += 1;
  });
  await client.query("LISTEN bot_arena_live");
  return {
    heard: () => heard,
    stop: () => client.end(),
  };
}

async function committedTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Shared statistics reach the view within a second of a transaction's end: read after a pause.
    const { rows } = await client.query<{ commits: string }>(
      "select xact_commit::text as commits from pg_stat_database where datname = current_database()",
    );
    return Number(rows[0]?.commits ?? 0);
  } finally {
    await client.end();
  }
}

/** Every bot of the run may fight for the whole run: the figures are about commits, not about running out. */
async function unlimitedEnergy(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("update bots set max_energy = 1000000, energy = 1000000");
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runOnBus(bus: Bus, options: ScaleOptions, redisUrl: string): Promise<BusFigures> {
  const database = await createBenchDatabase(options.postgresUrl, "ba_scale");
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-scale-"));
  const runId = Math.random().toString(36).slice(2, 7);
  let servers: RunningServer[] = [];
  try {
    servers = await startFleet(
      {
        servers: options.servers,
        port: options.port,
        poolSize: options.poolSize,
        env: bus === "redis" ? { LIVE_BUS_URL: redisUrl } : {},
      },
      database,
      dataDir,
    );
    const bases = servers.map((s) => s.base);
    const setup = new Metrics();
    const measured = new Metrics();
    let current = setup;
    const api = createApi(await detectRoutes(bases[0]!), () => current);
    const admin = await signUpAdmin(api, bases[0]!, runId);
    if (!admin?.cookie) throw new Error("scale: the admin could not sign up (metrics and grants need one)");
    const accounts = await openBulkAccounts(database.url, PASSWORD);
    try {
      const players = await setUpPlayers(api, {
        accounts,
        players: options.players,
        bases,
        runId,
        concurrency: 8,
        admin,
        grant: 5000,
        metrics: () => current,
      });
      await unlimitedEnergy(database.url);
      console.log(
        `${bus}: ${players.length} players on ${servers.length} processes, ${players.filter((p) => p.live?.open).length} live sockets`,
      );

      const sends = () => counterSum(bases, admin.cookie!, `bot_arena_live_bus_sends_total{bus="${bus}"}`);
      const cpu = () => counterSum(bases, admin.cookie!, "process_cpu_seconds_total");
      const listener = await countNotifications(database.url);
      await sleep(1000);
      const before = {
        sends: await sends(),
        cpu: await cpu(),
        commits: await committedTransactions(database.url),
      };
      current = measured;
      const started = performance.now();
      await play(api, players, {
        actions: [aiBattle, deposit],
        seconds: options.seconds,
        maxActions: Number.POSITIVE_INFINITY,
        thinkMs: options.thinkMs,
        metrics: () => current,
      });
      const seconds = (performance.now() - started) / 1000;
      // The last events on their way, and the statistics' flush.
      await sleep(1000);
      current = setup;
      const after = {
        sends: await sends(),
        cpu: await cpu(),
        commits: await committedTransactions(database.url),
      };
      const notificationsHeard = listener.heard();
      await listener.stop();
      for (const player of players) player.live?.close();

      const statuses = (route: string) => measured.routes.get(route)?.statuses ?? new Map<number, number>();
      const ok = (route: string) =>
        [...statuses(route)].reduce(
          (n, [status, count]) => n + (status >= 200 && status < 300 ? count : 0),
          0,
        );
      const all = (route: string) => [...statuses(route).values()].reduce((n, count) => n + count, 0);
      const battles = ok(BATTLE);
      const deposits = ok(DEPOSIT);

      const memory = () => counterSum(bases, admin.cookie!, "process_resident_memory_bytes");
      const sockets = () => counterSum(bases, admin.cookie!, "bot_arena_live_sockets");
      const memoryBefore = await memory();
      let fanoutMemory: BusFigures["fanoutMemory"] = null;
      const fanout =
        options.fanoutClients > 0
          ? await fanoutOn({
              whileConnected: async () => {
                fanoutMemory = { before: memoryBefore, connected: await memory(), sockets: await sockets() };
              },
              bases,
              api,
              channel: "marketplace",
              clients: options.fanoutClients,
              // Five sockets to a reader, spread over the processes (a session keeps at most 8 per process).
              sessions: Math.ceil(options.fanoutClients / 5),
              publishes: options.fanoutPublishes,
              accounts,
              serverPids: servers.flatMap((s) => (s.child.pid ? [s.child.pid] : [])),
            })
          : null;
      return {
        bus,
        seconds,
        battles,
        deposits,
        refused: all(BATTLE) + all(DEPOSIT) - battles - deposits,
        fiveHundreds: measured.count((status) => status >= 500 || status === 0),
        requests: summarize(measured.all(), seconds),
        live: summarize(measured.liveDelays.get("me") ?? [], seconds),
        notifyStatements: bus === "postgres" ? after.sends - before.sends : 0,
        busSends: after.sends - before.sends,
        notificationsHeard,
        databaseCommits: after.commits - before.commits,
        serverCpuSeconds: after.cpu - before.cpu,
        fanout,
        fanoutMemory,
      };
    } finally {
      await accounts.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printFigures(options: ScaleOptions, figures: BusFigures[]) {
  const column = (pick: (f: BusFigures) => string | number) => figures.map(pick);
  const perSecond = (n: number, f: BusFigures) => n / f.seconds;
  const rows: (string | number)[][] = [
    [
      "committed money actions/s (AI battles + deposits)",
      ...column((f) => perSecond(f.battles + f.deposits, f)),
    ],
    ["  of which AI battles / deposits", ...column((f) => `${f.battles} / ${f.deposits}`)],
    ["  refused (4xx) / failed (5xx, no answer)", ...column((f) => `${f.refused} / ${f.fiveHundreds}`)],
    ["requests/s (all routes)", ...column((f) => f.requests.rps)],
    ["request p50 ms", ...column((f) => f.requests.p50)],
    ["request p99 ms", ...column((f) => f.requests.p99)],
    ["live events delivered on `me`", ...column((f) => f.live.count)],
    ["live delivery p50 ms (arrival − event.at)", ...column((f) => f.live.p50)],
    ["live delivery p99 ms", ...column((f) => f.live.p99)],
    ["NOTIFY statements sent (servers' counter)", ...column((f) => f.notifyStatements)],
    ["notifications heard by a LISTEN on the database", ...column((f) => f.notificationsHeard)],
    ["bus messages sent (NOTIFY statements or PUBLISHes)", ...column((f) => f.busSends)],
    ["database commits/s (pg_stat_database.xact_commit)", ...column((f) => perSecond(f.databaseCommits, f))],
    [
      "server CPU s per 1,000 committed actions (both processes)",
      ...column((f) => (f.serverCpuSeconds / Math.max(1, f.battles + f.deposits)) * 1000),
    ],
  ];
  const header = ["", ...figures.map((f) => (f.bus === "postgres" ? "NOTIFY bus" : "Redis bus"))];
  printTable(
    `Money actions: ${options.players} players, think ~${options.thinkMs} ms, ${options.seconds} s, ${options.servers} processes on PostgreSQL (pool ${options.poolSize} each)`,
    header,
    rows,
  );
  const fanouts = figures.filter((f) => f.fanout);
  if (fanouts.length === 0) return;
  printTable(
    `Fan-out: ${options.fanoutClients} sockets on \`marketplace\` across ${options.servers} processes`,
    header,
    [
      ["events published", ...column((f) => f.fanout?.events ?? 0)],
      ["deliveries / expected", ...column((f) => `${f.fanout?.deliveries} / ${f.fanout?.expected}`)],
      ["p50 ms", ...column((f) => f.fanout?.p50 ?? 0)],
      ["p95 ms", ...column((f) => f.fanout?.p95 ?? 0)],
      ["p99 ms", ...column((f) => f.fanout?.p99 ?? 0)],
      ["max ms", ...column((f) => f.fanout?.max ?? 0)],
      ["connect all (s)", ...column((f) => (f.fanout?.connectSeconds ?? 0).toFixed(1))],
      ["servers' CPU µs per delivery (both)", ...column((f) => f.fanout?.serverCpuUs?.toFixed(1) ?? "-")],
      ["  of which the kernel's", ...column((f) => f.fanout?.serverSystemUs?.toFixed(1) ?? "-")],
      [
        "the bench's CPU µs per delivery (every reader)",
        ...column((f) => f.fanout?.benchCpuUs.toFixed(1) ?? "-"),
      ],
      ["  of which the kernel's", ...column((f) => f.fanout?.benchSystemUs.toFixed(1) ?? "-")],
      ["live sockets open on the servers", ...column((f) => f.fanoutMemory?.sockets ?? "-")],
      [
        "servers' memory, before → all connected (MiB, both)",
        ...column((f) =>
          f.fanoutMemory
            ? `${(f.fanoutMemory.before / 2 ** 20).toFixed(0)} → ${(f.fanoutMemory.connected / 2 ** 20).toFixed(0)}`
            : "-",
        ),
      ],
    ],
  );
}

function printCeilings(c: Ceilings, seconds: number) {
  printTable(
    `Ceilings: ${c.clients} clients for ${seconds} s each (pgbench, redis-benchmark), two listeners on each channel`,
    ["what one database (or one Redis) takes", "per second"],
    [
      ["commits of a one-row UPDATE", c.updates],
      ["commits of a one-row UPDATE with a NOTIFY inside", c.updatesWithNotify],
      ["NOTIFY statements on their own (the NOTIFY bus's sends)", c.notifyStatements],
      ["Redis PUBLISHes of a one-event batch (the Redis bus's sends)", c.redisPublishes ?? "-"],
    ],
  );
}

export async function runScale(options: ScaleOptions): Promise<boolean> {
  const own: OwnRedis | null = options.redisUrl ? null : await startOwnRedis();
  const redisUrl = options.redisUrl ?? own!.url;
  assertLoopback(new URL(redisUrl.replace(/^rediss?:/, "http:")));
  try {
    if (options.ceilingClients > 0) {
      const scratch = await createBenchDatabase(options.postgresUrl, "ba_ceiling");
      try {
        const seconds = 5;
        const ceilings = await measureCeilings({
          databaseUrl: scratch.url,
          redisUrl,
          clients: options.ceilingClients,
          seconds,
        });
        if (ceilings) printCeilings(ceilings, seconds);
      } finally {
        await scratch.drop();
      }
    }
    const figures: BusFigures[] = [];
    for (const bus of options.buses) figures.push(await runOnBus(bus, options, redisUrl));
    printFigures(options, figures);
    // The point of the Redis bus: PostgreSQL saw no NOTIFY of the run.
    const redis = figures.find((f) => f.bus === "redis");
    return (redis?.notificationsHeard ?? 0) === 0 && figures.every((f) => f.fiveHundreds === 0);
  } finally {
    await own?.stop();
  }
}
