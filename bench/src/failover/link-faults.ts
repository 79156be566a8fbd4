// The faults of the rig's network (`--netns`, netns.ts): a data node's link down, and a server cut from every
// data node. Each returns what the fault did for the report; the caller measures write unavailability the same
// way for every kind. While a link is down, each node is watched through its Unix socket (no link fault cuts
// it): two nodes acknowledging a COMMIT in the same probe would be a split brain.
import pg from "pg";
import { request } from "../http";
import type { RunningServer } from "../server-process";
import { CLUSTER_DATABASE, type DataNode, type FailoverCluster, type NodeState } from "./cluster";
import type { NetRig } from "./netns";
import type { RequestLog } from "./request-log";
import type { PlannedFault } from "./schedule";

/**
 * How long a standby's link or a server's cut lasts: long enough for the monitor to mark a node unhealthy
 * (3 s here) and for the servers' probes to give up (2 s), short enough to keep a schedule within its minute.
 */
export const LINK_HOLD_MS = 10_000;
/** How long the cut-off primary is watched for its demotion once another is promoted, before its link is up. */
const DEMOTE_GRACE_MS = 30_000;

export type LinkFaultOutcome = {
  hit: string[];
  /** When the link went down or the cut began. */
  at: number;
  /** Probes in which two nodes acknowledged a COMMIT at once (split brain). */
  twoAcknowledging: number;
  /**
   * link-primary: seconds from the cut until the old primary is first seen no longer a primary (looked for from
   * the promotion on); null if it still was one when its link came back.
   */
  demotedS: number | null;
  /** The cut server: its 503s during the cut, how many carried Retry-After, readiness false seen. */
  cutServer: { refused: number; withRetryAfter: number; notReady: boolean; recoveredS: number | null } | null;
  /** Writes acknowledged while the link was down (link-standby: did the other standby carry the quorum?). */
  acksDuring: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isWrite = (status: number) => status >= 200 && status < 300;

/** Where the split-brain probe commits: the cluster's `postgres` database, never the servers'. */
const PROBE_TABLE = "rig_probe";
/** A probe's COMMIT answered within this is acknowledged; one waiting on a standby it cannot reach is not. */
const PROBE_ACK_MS = 1_000;

type Probe = { name: string; primary: boolean; acknowledged: boolean };

/**
 * Each node asked through its socket whether it is a primary (not in recovery), and each primary given a
 * COMMIT to acknowledge. A primary cut from its standbys cannot acknowledge one (synchronous `ANY 1`): its
 * COMMIT waits, the probe gives up, and the backend waits on until the node is demoted or rejoins.
 */
async function probeNodes(cluster: FailoverCluster): Promise<Probe[]> {
  return Promise.all(
    cluster.nodes.map(async (node) => {
      const client = new pg.Client({
        ...{ connectionString: probeUrl(node), connectionTimeoutMillis: 500 },
        query_timeout: PROBE_ACK_MS,
      });
      client.on("error", () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ standby: boolean }>("select pg_is_in_recovery() as standby");
        if (rows[0]?.standby !== false) return { name: node.name, primary: false, acknowledged: false };
        const acknowledged = await client
          .query(`insert into ${PROBE_TABLE} default values`)
          .then(() => true)
          .catch(() => false);
        return { name: node.name, primary: true, acknowledged };
      } catch {
        return { name: node.name, primary: false, acknowledged: false };
      } finally {
        await client.end().catch(() => {});
      }
    }),
  );
}

type Watch = {
  /** Probes in which two nodes acknowledged a COMMIT in the same second: a split brain. */
  twoAcknowledging: number;
  /** The last moment each node answered as a primary. */
  lastPrimary: Map<string, number>;
  stop(): Promise<void>;
};

const probeUrl = (node: DataNode) => node.localUrl.replace(`/${CLUSTER_DATABASE}`, "/postgres");

/** Probes every node about once a second until stopped; the probe's table is made on `primary` first. */
async function watchSplitBrain(cluster: FailoverCluster, primary: string): Promise<Watch> {
  const client = new pg.Client({
    connectionString: probeUrl(cluster.nodes.find((n) => n.name === primary)!),
  });
  await client.connect();
  try {
    await client.query(`create table if not exists ${PROBE_TABLE} (at timestamptz not null default now())`);
  } finally {
    await client.end();
  }
  let finished = false;
  const watch: Watch = {
    twoAcknowledging: 0,
    lastPrimary: new Map(),
    stop: async () => {
      finished = true;
      await watching;
    },
  };
  const watching = (async () => {
    while (!finished) {
      const probes = await probeNodes(cluster);
      const now = performance.now();
      for (const probe of probes) if (probe.primary) watch.lastPrimary.set(probe.name, now);
      if (probes.filter((p) => p.acknowledged).length > 1) watch.twoAcknowledging += 1;
      await sleep(PROBE_ACK_MS);
    }
  })();
  return watch;
}

async function until(what: string, timeoutMs: number, ok: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await ok().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`failover: ${what} not in ${timeoutMs} ms`);
    await sleep(250);
  }
}

export async function injectLinkFault(context: {
  cluster: FailoverCluster;
  rig: NetRig;
  servers: RunningServer[];
  log: RequestLog;
  fault: PlannedFault;
  before: NodeState[];
}): Promise<LinkFaultOutcome> {
  const { cluster, rig, servers, log, fault, before } = context;
  const primary = before.find((r) => r.reported === "primary")!.name;
  const standbys = before.filter((r) => r.name !== primary).map((r) => r.name);
  const acksBetween = (from: number, to: number) =>
    log.attempts.filter((a) => a.key && a.started >= from && a.ended <= to && isWrite(a.status)).length;

  if (fault.kind === "link-primary" || fault.kind === "link-standby") {
    const target = fault.kind === "link-primary" ? primary : standbys[fault.which]!;
    const watch = await watchSplitBrain(cluster, primary);
    const at = performance.now();
    rig.linkDown(target);
    let demotedS: number | null = null;
    try {
      if (fault.kind === "link-primary") {
        await until("another primary after the primary's link went down", 90_000, async () => {
          const rows = await cluster.state();
          return rows.some((r) => r.name !== primary && r.reported === "primary" && r.assigned === "primary");
        });
        // The cut-off primary has had its partition timeout by now; it is given a while more to demote itself.
        const graceUntil = performance.now() + DEMOTE_GRACE_MS;
        while (demotedS === null && performance.now() < graceUntil) {
          const old = (await probeNodes(cluster)).find((p) => p.name === primary);
          if (!old?.primary) demotedS = (performance.now() - at) / 1000;
          else await sleep(250);
        }
      } else {
        await sleep(LINK_HOLD_MS);
      }
    } finally {
      await watch.stop();
    }
    const ended = performance.now();
    rig.linkUp(target);
    return {
      ...{ hit: [target], at, twoAcknowledging: watch.twoAcknowledging, demotedS },
      ...{ cutServer: null, acksDuring: acksBetween(at, ended) },
    };
  }

  // cut-server-db: the server's namespace drops whatever it sends to a data node; the bench still reaches it.
  const index = fault.which;
  const server = servers[index]!;
  const name = `server${index + 1}`;
  const nodes = cluster.nodes.map((n) => n.name);
  const at = performance.now();
  rig.cut(name, nodes);
  let notReady = false;
  const holdUntil = performance.now() + LINK_HOLD_MS;
  while (performance.now() < holdUntil) {
    const ready = await request(server.base, "GET", "/api/health/ready").catch(() => null);
    if (ready && ready.status !== 200) notReady = true;
    await sleep(250);
  }
  const mended = performance.now();
  rig.mend(name, nodes);
  const onServer = log.attempts.filter(
    (a) => a.base === server.base.href && a.started >= at && a.ended <= mended,
  );
  const refused = onServer.filter((a) => a.status === 503);
  await until(`a write acknowledged by ${name} after its cut`, 60_000, async () =>
    log.attempts.some((a) => a.base === server.base.href && a.key && a.started > mended && isWrite(a.status)),
  );
  const recovered = log.attempts
    .filter((a) => a.base === server.base.href && a.key && a.started > mended && isWrite(a.status))
    .reduce((min, a) => Math.min(min, a.ended), Number.POSITIVE_INFINITY);
  return {
    hit: [name],
    at,
    twoAcknowledging: 0,
    demotedS: null,
    cutServer: {
      refused: refused.length,
      withRetryAfter: refused.filter((a) => a.retryAfter !== undefined).length,
      notReady,
      recoveredS: Number.isFinite(recovered) ? (recovered - mended) / 1000 : null,
    },
    acksDuring: acksBetween(at, mended),
  };
}
