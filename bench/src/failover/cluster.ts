// A PostgreSQL that fails over, of the bench's own: Debian's pg_auto_failover 2.0 with a monitor and three
// PostgreSQL 15 data nodes (a primary, two standbys, synchronous `ANY 1`) on 127.0.0.1 at ports of the run's own,
// in a temporary folder. Never the machine's own service: every node listens on 127.0.0.1 at its own port, and
// pg_autoctl keeps its configuration and state in the folder (XDG_* point there). PostgreSQL refuses to run as
// root, so as root every command runs as the `postgres` user, as test/pg-cluster.ts does. With a rig (netns.ts)
// each node and the monitor run in a namespace of their own and listen on its address instead; the bench's own
// administration goes through their Unix sockets (the file system is shared), which no link fault cuts.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { appendFileSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ensurePgAutoFailover, pgAutoctlPath } from "../../../scripts/lib.mjs";
import type { NetRig } from "./netns";

const PG_BIN = "/usr/lib/postgresql/15/bin";
/** Where pg_autoctl's PostgreSQL puts its sockets (by port), in every namespace alike. */
const SOCKET_DIR = "/var/run/postgresql";
const asRoot = process.getuid?.() === 0;

/** The database the servers use, made on the primary once the cluster is in sync (replicated from there). */
export const CLUSTER_DATABASE = "bot_arena";

/**
 * The monitor's failure detection, shortened from its defaults (a health check every 5 s, a node unhealthy
 * after 20 s, 30 s for an unreachable primary to demote itself): a single fault fails over in seconds instead
 * of about a minute. The keeper's network-partition timeout stays below the demote timeout, so a primary cut
 * off from the monitor and its standbys still demotes itself before the monitor promotes another.
 */
const MONITOR_SETTINGS = {
  "pgautofailover.health_check_period": "1000",
  "pgautofailover.health_check_timeout": "1000",
  "pgautofailover.health_check_max_retries": "1",
  "pgautofailover.health_check_retry_delay": "500",
  "pgautofailover.node_considered_unhealthy_timeout": "3000",
  "pgautofailover.primary_demote_timeout": "8000",
};
const KEEPER_SETTINGS = { "timeout.network_partition_timeout": "5" };
/**
 * A keeper counts its primary as cut off only once no standby is left in pg_stat_replication, and a walsender
 * whose standby went silent (a link down, not a killed process) lingers for wal_sender_timeout (60 s by
 * default): the cut-off primary then stayed one for some 35 s, 20 s past the promotion of another (`--netns`,
 * link-primary). At 3 s it stops within about 11 s, before the monitor's 8 s demote timeout has run out.
 */
const NODE_SETTINGS = { wal_sender_timeout: "3s" };

export type NodeState = {
  name: string;
  port: number;
  reported: string;
  assigned: string;
  healthy: boolean;
};

export type DataNode = {
  name: string;
  port: number;
  /** 127.0.0.1, or the node's address in its namespace. */
  address: string;
  /** A single-host URL of this node's copy of the servers' database. */
  url: string;
  /** The same through the node's Unix socket: reachable whatever its link (to see a cut-off node's state). */
  localUrl: string;
  running: () => boolean;
};

export type FailoverCluster = {
  folder: string;
  monitorPort: number;
  nodes: DataNode[];
  /** libpq's multi-host form naming the three nodes, for the servers' DATABASE_URL. */
  databaseUrl: string;
  /** Every node as the monitor sees it now. */
  state(): Promise<NodeState[]>;
  /** Resolves when one node is primary and every other is a secondary, all healthy. */
  waitInSync(timeoutMs: number): Promise<NodeState[]>;
  /** kill -9 of a node's keeper and its PostgreSQL together, as a machine that dies. */
  crash(name: string): void;
  /** The node's keeper again, on its data: it rejoins as the monitor decides (a standby, rewound if need be). */
  restart(name: string): void;
  stop(): Promise<void>;
};

/**
 * The commands of one node, as `postgres` when root, with pg_autoctl's files in the cluster's folder, in the
 * node's namespace when `wrap` puts it there.
 */
type Wrap = (file: string, argv: string[]) => [string, string[]];
const inPlace: Wrap = (file, argv) => [file, argv];

function commandFor(folder: string, args: string[], wrap: Wrap = inPlace): [string, string[]] {
  const env = [
    `XDG_CONFIG_HOME=${join(folder, "config")}`,
    `XDG_DATA_HOME=${join(folder, "share")}`,
    `XDG_RUNTIME_DIR=${join(folder, "run")}`,
    `PATH=${PG_BIN}:/usr/bin:/bin`,
    `PG_CONFIG=${join(PG_BIN, "pg_config")}`,
  ];
  const command = ["env", ...env, pgAutoctlPath(), ...args];
  return asRoot ? wrap("runuser", ["-u", "postgres", "--", ...command]) : wrap(command[0]!, command.slice(1));
}

function autoctl(folder: string, args: string[], wrap: Wrap = inPlace): string {
  const [file, argv] = commandFor(folder, args, wrap);
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const started = performance.now();
  let last: unknown = null;
  for (;;) {
    const found = await probe().catch((error: unknown) => {
      last = error;
      return null;
    });
    if (found !== null) return found;
    if (performance.now() - started > timeoutMs) {
      throw new Error(`failover cluster: ${what} after ${timeoutMs} ms (last: ${String(last)})`);
    }
    await sleep(250);
  }
}

async function query(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Trust from the rig's /24 (a test cluster's only network), through the node's socket, which needs no rule. */
async function allowSubnet(pgdata: string, port: number, subnet: string): Promise<void> {
  const hba = join(pgdata, "pg_hba.conf");
  const rule = `host all all ${subnet}.0/24 trust`;
  if (!readFileSync(hba, "utf8").includes(rule)) appendFileSync(hba, `\n# the bench's rig\n${rule}\n`);
  await query(`postgres://postgres@/postgres?host=${SOCKET_DIR}&port=${port}`, "select pg_reload_conf()");
}

type ShowStateRow = {
  nodename: string;
  nodeport: number;
  current_group_state: string;
  assigned_group_state: string;
  health: number;
};

/**
 * Starts the monitor and three data nodes at `basePort` (monitor) and the three ports after it, and waits until
 * they are in sync. pg_autoctl's own defaults decide the rest: every standby with candidate priority 50 and in
 * the replication quorum, so the primary's `synchronous_standby_names` is `ANY 1 (both standbys)`.
 */
export async function startFailoverCluster(options: {
  basePort: number;
  /** Each node and the monitor in a namespace of this rig (hosts `monitor`, `node1`..`node3`, added here). */
  rig?: NetRig;
}): Promise<FailoverCluster> {
  if (!ensurePgAutoFailover()) throw new Error(`pg_auto_failover is needed at ${pgAutoctlPath()}`);
  const folder = mkdtempSync(join(tmpdir(), "bot-arena-failover-"));
  for (const sub of ["config", "share", "run"]) mkdirSync(join(folder, sub));
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", folder]);
  const { rig } = options;
  const addressOf = (name: string, octet: number) => (rig ? rig.addHost(name, octet).address : "127.0.0.1");
  const wrapOf =
    (name: string): Wrap =>
    (file, argv) =>
      rig ? rig.wrap(name, file, argv) : [file, argv];
  const monitorPort = options.basePort;
  const monitorDir = join(folder, "monitor");
  const monitorAddress = addressOf("monitor", 10);
  const monitorUrl = `postgres://autoctl_node@${monitorAddress}:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const keepers = new Map<string, ChildProcess>();
  const localUrl = (port: number, database: string) =>
    rig
      ? `postgres://postgres@/${database}?host=${SOCKET_DIR}&port=${port}`
      : `postgres://postgres@127.0.0.1:${port}/${database}`;
  const nodes: DataNode[] = [1, 2, 3].map((i) => {
    const address = addressOf(`node${i}`, 10 + i);
    return {
      name: `node${i}`,
      port: monitorPort + i,
      address,
      url: `postgres://postgres@${address}:${monitorPort + i}/${CLUSTER_DATABASE}`,
      localUrl: localUrl(monitorPort + i, CLUSTER_DATABASE),
      running: () => keepers.get(`node${i}`)?.exitCode === null && !keepers.get(`node${i}`)?.signalCode,
    };
  });
  const dirOf = (name: string) => join(folder, name);

  /** A keeper runs in a process group of its own, so a crash takes its PostgreSQL with it and nothing else. */
  function keeper(name: string, args: string[]) {
    const log = openSync(join(folder, `${name}.log`), "a");
    const [file, argv] = commandFor(folder, args, wrapOf(name));
    const child = spawn(file, argv, { detached: true, stdio: ["ignore", log, log] });
    closeSync(log);
    child.on("error", () => {});
    keepers.set(name, child);
  }

  const common = (address: string) => [
    "--listen",
    address,
    "--hostname",
    address,
    "--auth",
    "trust",
    "--no-ssl",
  ];

  async function state(): Promise<NodeState[]> {
    const out = autoctl(folder, ["show", "state", "--pgdata", monitorDir, "--json"], wrapOf("monitor"));
    return (JSON.parse(out) as ShowStateRow[]).map((row) => ({
      name: row.nodename,
      port: row.nodeport,
      reported: row.current_group_state,
      assigned: row.assigned_group_state,
      healthy: row.health === 1,
    }));
  }

  async function waitInSync(timeoutMs: number): Promise<NodeState[]> {
    return until("no primary with two secondaries in sync", timeoutMs, async () => {
      const rows = await state();
      const settled = rows.every((r) => r.healthy && r.reported === r.assigned);
      const primaries = rows.filter((r) => r.reported === "primary").length;
      const secondaries = rows.filter((r) => r.reported === "secondary").length;
      return rows.length === 3 && settled && primaries === 1 && secondaries === 2 ? rows : null;
    });
  }

  const cluster: FailoverCluster = {
    folder,
    monitorPort,
    nodes,
    databaseUrl: `postgres://postgres@${nodes.map((n) => `${n.address}:${n.port}`).join(",")}/${CLUSTER_DATABASE}`,
    state,
    waitInSync,
    crash(name) {
      const child = keepers.get(name);
      if (child?.pid) process.kill(-child.pid, "SIGKILL");
    },
    restart(name) {
      keeper(name, ["run", "--pgdata", dirOf(name)]);
    },
    async stop() {
      for (const [name, child] of [...keepers].reverse()) {
        if (child.exitCode === null && !child.signalCode) {
          try {
            autoctl(folder, ["stop", "--pgdata", dirOf(name), "--immediate"], wrapOf(name));
          } catch {
            // the keeper is gone already
          }
          await Promise.race([new Promise((r) => child.once("exit", r)), sleep(5_000)]);
        }
        // Whatever of its group outlived the keeper (its PostgreSQL, or a supervisor the stop left behind).
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // the group is empty
        }
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };

  try {
    keeper("monitor", [
      "create",
      "monitor",
      "--pgdata",
      monitorDir,
      "--pgport",
      String(monitorPort),
      ...common(monitorAddress),
      "--run",
    ]);
    const monitorAdmin = localUrl(monitorPort, "pg_auto_failover");
    await until("the monitor does not answer", 60_000, async () => {
      await query(monitorUrl, "select 1");
      return true;
    });
    for (const [setting, value] of Object.entries(MONITOR_SETTINGS)) {
      await query(monitorAdmin, `alter system set ${setting} = '${value}'`);
    }
    await query(monitorAdmin, "select pg_reload_conf()");
    // One after another: the first registers as the primary, each next one is cloned from it.
    for (const node of nodes) {
      keeper(node.name, [
        ...["create", "postgres", "--pgdata", dirOf(node.name), "--pgport", String(node.port)],
        ...["--name", node.name, "--monitor", monitorUrl, ...common(node.address), "--run"],
      ]);
      await until(`${node.name} did not join`, 120_000, async () => {
        const rows = await state();
        const row = rows.find((r) => r.name === node.name);
        return row &&
          row.reported === row.assigned &&
          ["single", "primary", "secondary"].includes(row.reported)
          ? row
          : null;
      });
      for (const [setting, value] of Object.entries(KEEPER_SETTINGS)) {
        autoctl(folder, ["config", "set", "--pgdata", dirOf(node.name), setting, value], wrapOf(node.name));
      }
      // pg_autoctl opens the rig's subnet to its own users only; the bench and the servers come from it too.
      if (rig) await allowSubnet(dirOf(node.name), node.port, rig.subnet);
      const nodeAdmin = node.localUrl.replace(`/${CLUSTER_DATABASE}`, "/postgres");
      for (const [setting, value] of Object.entries(NODE_SETTINGS)) {
        await query(nodeAdmin, `alter system set ${setting} = '${value}'`);
      }
      await query(nodeAdmin, "select pg_reload_conf()");
    }
    // Debian's pg_autoctl 2.0 refuses `set formation number-sync-standbys 1` as "not a non-negative integer":
    // the monitor's own function sets it (1 is also its default with two standbys; this states it).
    await query(monitorAdmin, "select pgautofailover.set_formation_number_sync_standbys('default', 1)");
    const rows = await waitInSync(60_000);
    const primary = nodes.find((n) => n.name === rows.find((r) => r.reported === "primary")?.name)!;
    await query(
      primary.localUrl.replace(`/${CLUSTER_DATABASE}`, "/postgres"),
      `create database ${CLUSTER_DATABASE}`,
    );
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
