// `npm run bench -- --only=failover [--seed=N] [--seconds=60] [--faults=5] [--netns]`: players move money
// through two server processes on a pg_auto_failover cluster (cluster.ts) while the seeded schedule (schedule.ts)
// kills its primary, or its primary and a standby together; with --netns every node and server runs in a network
// namespace of its own (netns.ts) and the schedule adds link faults (link-faults.ts). Then the bank checker's
// verdict: the bank invariant at every read, no balance below zero, every acknowledged request present exactly
// once and every other at most once, and the ledger verifier clean. Exits non-zero when one breaks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "../server-process";
import { actions } from "../sim/actions";
import { createApi, detectRoutes } from "../sim/api";
import { auditAfterRun, openForAudit, printAudit } from "../sim/audit";
import { Metrics, NO_ANSWER } from "../sim/metrics";
import { ADMIN_EMAIL, play, setUpPlayers, signUpAdmin } from "../sim/run";
import { printTable } from "../stats";
import { type BankRead, primaryOf, readBank } from "./bank";
import { type FailoverCluster, type NodeState, startFailoverCluster } from "./cluster";
import { checkRequests } from "./invariants";
import { injectLinkFault, type LinkFaultOutcome } from "./link-faults";
import { createRig, type NetRig, netnsAvailable } from "./netns";
import { createRequestLog, type RequestLog } from "./request-log";
import { type FaultKind, LINK_FAULTS, type PlannedFault, planFaults } from "./schedule";

export type FailoverOptions = {
  seed: number;
  seconds: number;
  faults: number;
  players: number;
  /** The monitor's port; the data nodes take the three after it, the servers basePort+10 and +11. */
  basePort: number;
  /** Each node, the monitor and each server in a network namespace of its own, and the link faults. */
  netns: boolean;
};

/** The money actions of the checker (and selling, so there are listings to buy). */
const CHECKER_MIX: Record<string, number> = {
  bank: 6,
  "market-buy": 4,
  "market-sell": 3,
  "pvp-battle": 4,
  tournament: 2,
  browse: 1,
};
const checkerActions = actions
  .filter((a) => a.name in CHECKER_MIX)
  .map((a) => ({ ...a, weight: CHECKER_MIX[a.name]! }));

/**
 * How long the double fault is watched for a promotion before its nodes come back: twice what a single fault
 * takes to fail over here (about 15 s), so a monitor that would promote the last standby has had the time to.
 */
const DOUBLE_FAULT_WATCH_MS = 30_000;
/** States in which a surviving node is on its way to being, or is, the primary. */
const PROMOTING = new Set(["prepare_promotion", "stop_replication", "wait_primary", "primary", "single"]);

type FaultResult = {
  fault: PlannedFault;
  /** The nodes killed, the node whose link went down, or the server cut. */
  killed: string[];
  at: number;
  /** What a link fault saw (null for kill -9). */
  link: LinkFaultOutcome | null;
  /** Seconds from the kill to the first acknowledged write sent after it; null if none came. */
  unavailableS: number | null;
  refused: number;
  /** Double fault: a surviving node that moved towards primary while the others were down. */
  promoted: string | null;
  newPrimary: string | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isWrite = (status: number) => status >= 200 && status < 300;

function primaryName(rows: NodeState[]): string {
  const primary = rows.find((r) => r.reported === "primary");
  if (!primary) throw new Error("failover: no primary in a cluster reported in sync");
  return primary.name;
}

async function injectFault(
  cluster: FailoverCluster,
  fault: PlannedFault,
  log: RequestLog,
  network: { rig: NetRig; servers: RunningServer[] } | null,
): Promise<FaultResult> {
  const before = await cluster.waitInSync(180_000);
  await sleep(fault.delayMs);
  const primary = primaryName(before);
  const standbys = before.filter((r) => r.name !== primary).map((r) => r.name);
  let killed = fault.kind === "kill-primary" ? [primary] : [primary, standbys[fault.which]!];
  let at = performance.now();
  let promoted: string | null = null;
  let link: LinkFaultOutcome | null = null;
  if (LINK_FAULTS.includes(fault.kind)) {
    if (!network) throw new Error(`failover: ${fault.kind} needs --netns`);
    // It returns with the link up again: nothing to restart.
    link = await injectLinkFault({ cluster, ...network, log, fault, before });
    killed = link.hit;
    at = link.at;
  } else {
    for (const name of killed) cluster.crash(name);
    if (fault.kind === "kill-primary") {
      // The old primary comes back once another has taken over: it rejoins as a standby.
      await until(60_000, async () => {
        const rows = await cluster.state();
        return rows.some((r) => r.name !== primary && r.reported === "primary" && r.assigned === "primary");
      });
    } else {
      const watchUntil = performance.now() + DOUBLE_FAULT_WATCH_MS;
      while (performance.now() < watchUntil && !promoted) {
        const rows = await cluster.state().catch(() => []);
        promoted =
          rows.find(
            (r) => !killed.includes(r.name) && (PROMOTING.has(r.reported) || PROMOTING.has(r.assigned)),
          )?.name ?? null;
        await sleep(250);
      }
    }
    for (const name of killed) cluster.restart(name);
  }
  const after = await cluster.waitInSync(180_000);
  // The workload acknowledges a write again before the next fault, so each fault's figures are its own.
  await until(60_000, async () => log.attempts.some((a) => a.key && a.started > at && isWrite(a.status)));
  const firstAck = log.attempts
    .filter((a) => a.key && a.started > at && isWrite(a.status))
    .reduce((min, a) => Math.min(min, a.ended), Number.POSITIVE_INFINITY);
  const refused = log.attempts.filter(
    (a) => a.started >= at && a.started < firstAck && (a.status === 503 || a.status === NO_ANSWER),
  ).length;
  return {
    fault,
    killed,
    at,
    link,
    unavailableS: Number.isFinite(firstAck) ? (firstAck - at) / 1000 : null,
    refused,
    promoted,
    newPrimary: primaryName(after),
  };
}

async function until(timeoutMs: number, ok: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await ok().catch(() => false))) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`failover: a state not reached in ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** Reads the bank on the primary about once a second until `stop` is set. */
function readBankEvery(urls: string[], stop: { requested: boolean }) {
  const reads: BankRead[] = [];
  let skipped = 0;
  const running = (async () => {
    while (!stop.requested) {
      const read = await readBank(urls);
      if (read) reads.push(read);
      else skipped += 1;
      await sleep(1_000);
    }
  })();
  return { reads, skipped: () => skipped, done: running };
}

const DESCRIPTIONS: Record<FaultKind, string> = {
  "kill-primary": "kill -9 primary",
  "primary-and-standby": "kill -9 primary + a sync standby",
  "link-primary": "primary's link down",
  "link-standby": "a sync standby's link down",
  "cut-server-db": "a server cut from the database",
};
const describe = (kind: FaultKind) => DESCRIPTIONS[kind];

export async function runFailover(options: FailoverOptions): Promise<boolean> {
  if (options.netns && !netnsAvailable()) throw new Error("failover: --netns needs root and `ip netns`");
  const schedule = planFaults(options.seed, options.faults, options.seconds, options.netns);
  console.log(
    `seed ${options.seed}: ${schedule.map((f) => `${describe(f.kind)} after ${(f.delayMs / 1000).toFixed(1)} s`).join("; ")}`,
  );
  const clusterStarted = performance.now();
  const rig = options.netns ? createRig(options.basePort) : null;
  let cluster: FailoverCluster;
  try {
    cluster = await startFailoverCluster({ basePort: options.basePort, rig: rig ?? undefined });
  } catch (error) {
    rig?.remove();
    throw error;
  }
  console.log(`cluster in sync after ${((performance.now() - clusterStarted) / 1000).toFixed(1)} s`);
  const nodeUrls = cluster.nodes.map((n) => n.url);
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-failover-servers-"));
  const servers: RunningServer[] = [];
  try {
    for (const [i, port] of [options.basePort + 10, options.basePort + 11].entries()) {
      const host = rig?.addHost(`server${i + 1}`, 21 + i);
      servers.push(
        await startServer({
          port,
          dataDir,
          env: { ADMIN_EMAILS: ADMIN_EMAIL, DATABASE_URL: cluster.databaseUrl, DATABASE_POOL_SIZE: "5" },
          ...(rig && host
            ? { host: host.address, wrap: (file: string, argv: string[]) => rig.wrap(host.name, file, argv) }
            : {}),
        }),
      );
    }
    const bases = servers.map((s) => s.base);
    const metrics = new Metrics();
    const raw = createApi(await detectRoutes(bases[0]!), () => metrics);
    const admin = await signUpAdmin(raw, bases[0]!, `fo${options.seed}`);
    const players = await setUpPlayers(raw, {
      ...{ players: options.players, bases, runId: `fo${options.seed}x${Date.now() % 1e6}`, concurrency: 4 },
      ...{ admin, grant: 5000, metrics: () => metrics, accounts: null },
    });
    const idOfCookie = new Map(players.map((p) => [p.caller.cookie, p.me.id as string]));
    const log = createRequestLog(raw, (caller) => idOfCookie.get(caller.cookie ?? "") ?? "?");

    const stop = { requested: false };
    const bank = readBankEvery(nodeUrls, stop);
    const started = performance.now();
    const playing = play(log.api, players, {
      actions: checkerActions,
      seconds: 24 * 3600,
      maxActions: Number.MAX_SAFE_INTEGER,
      thinkMs: 100,
      metrics: () => metrics,
      stop,
    });
    const results: FaultResult[] = [];
    let faultError: unknown = null;
    try {
      const network = rig ? { rig, servers } : null;
      for (const fault of schedule) results.push(await injectFault(cluster, fault, log, network));
      await cluster.waitInSync(180_000);
      const left = options.seconds * 1000 - (performance.now() - started);
      if (left > 0) await sleep(left);
    } catch (error) {
      faultError = error;
      console.error(`failover: ${String(error)}`);
    }
    log.close();
    stop.requested = true;
    await playing;
    await bank.done;
    const workloadS = (performance.now() - started) / 1000;
    const finalRead = await readBank(nodeUrls);
    if (finalRead) bank.reads.push(finalRead);

    for (const server of servers.splice(0)) await server.stop();
    const primaryUrl = await primaryOf(nodeUrls);
    if (!primaryUrl) throw new Error("failover: no primary to audit after the run");
    const requests = await checkRequests(primaryUrl, log.requests);
    const audited = await openForAudit({ url: primaryUrl });
    let audit: Awaited<ReturnType<typeof auditAfterRun>>;
    try {
      audit = await auditAfterRun(audited, players);
    } finally {
      await audited.close();
    }

    printTable(
      `Faults, seed ${options.seed} (${players.length} players, 2 servers, ${workloadS.toFixed(0)} s of workload)`,
      [
        ...["#", "fault", options.netns ? "hit" : "killed", "write unavailability", "requests refused"],
        ...["promotion", "primary after", ...(options.netns ? ["link fault"] : [])],
      ],
      results.map((r, i) => [
        i + 1,
        describe(r.fault.kind),
        r.killed.join("+"),
        r.unavailableS === null ? "no write acknowledged" : `${r.unavailableS.toFixed(1)} s`,
        r.refused,
        promotionOf(r),
        r.newPrimary ?? "?",
        ...(options.netns ? [linkDetail(r)] : []),
      ]),
    );
    const badReads = bank.reads.filter((r) => !r.ok);
    const doubleFaults = results.filter((r) => r.fault.kind === "primary-and-standby");
    const doubleFaultsPromoted = doubleFaults.filter((r) => r.promoted);
    const verdict = (ok: boolean) => (ok ? "ok" : "FAILED");
    const checks: [string, boolean, string][] = [
      [
        "the schedule ran to its end",
        !faultError && results.length === schedule.length,
        `${results.length} of ${schedule.length} faults`,
      ],
      [
        "bank: held = created − destroyed at every read",
        badReads.length === 0 && bank.reads.length > 0,
        `${bank.reads.length} reads on the primary, ${bank.skipped()} while none answered, ${badReads.length} off`,
      ],
      [
        "no balance below zero",
        bank.reads.every((r) => r.negative === 0),
        `${Math.max(0, ...bank.reads.map((r) => r.negative))} at worst`,
      ],
      [
        "every acknowledged request committed (its key is stored)",
        requests.lost.length === 0,
        `${requests.acknowledged} acknowledged, ${requests.lost.length} lost, ${requests.answerNotStored} with the answer's UPDATE lost`,
      ],
      [
        "effects = committed keys (each request acted at most once)",
        requests.miscounted.length === 0,
        `${requests.unacknowledged} unacknowledged (${requests.refusedToTheEnd} still refused after their retries, the rest 4xx), ${requests.committedUnacknowledged} of them committed anyway`,
      ],
      [
        "double fault: no promotion",
        doubleFaultsPromoted.length === 0,
        `${doubleFaults.length} double faults`,
      ],
      ...(options.netns ? linkChecks(results) : []),
      [
        "ledger verifier and every acknowledged balance",
        audit.ok,
        `${audit.economy.problems.length} problems, ${audit.acks.missing.length} balances missing`,
      ],
    ];
    printTable(
      "Bank checker",
      ["invariant", "result", "detail"],
      checks.map(([name, ok, detail]) => [name, verdict(ok), detail]),
    );
    for (const line of [...requests.lost, ...requests.miscounted].slice(0, 10)) console.log(`  ${line}`);
    for (const read of badReads.slice(0, 5)) {
      console.log(`  bank read off: held ${read.held}, created ${read.created}, destroyed ${read.destroyed}`);
    }
    if (!audit.ok) printAudit(audit.economy, audit.acks);
    return checks.every(([, ok]) => ok);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await cluster.stop();
    rig?.remove();
  }
}

function promotionOf(result: FaultResult): string {
  switch (result.fault.kind) {
    case "kill-primary":
    case "link-primary":
      return "promoted";
    case "primary-and-standby":
      return result.promoted ? `PROMOTED ${result.promoted}` : "refused";
    default:
      return "none needed";
  }
}

function linkDetail(result: FaultResult): string {
  const { link } = result;
  if (!link) return "";
  const split = link.twoAcknowledging
    ? `, TWO PRIMARIES ACKNOWLEDGED in ${link.twoAcknowledging} probes`
    : "";
  const demoted =
    result.fault.kind !== "link-primary"
      ? ""
      : link.demotedS === null
        ? ", old primary NOT demoted while cut"
        : `, old primary seen demoted ${link.demotedS.toFixed(1)} s after the cut`;
  if (!link.cutServer) return `${link.acksDuring} writes acknowledged while down${demoted}${split}`;
  const cut = link.cutServer;
  const back =
    cut.recoveredS === null ? "no write after" : `writes ${cut.recoveredS.toFixed(1)} s after the link`;
  return `${cut.refused} 503s (${cut.withRetryAfter} with Retry-After), ${cut.notReady ? "not ready" : "READY"} while cut, ${back}`;
}

/** The link faults' own verdicts: no split brain, and a cut server refusing as it should, then serving again. */
function linkChecks(results: FaultResult[]): [string, boolean, string][] {
  const links = results.filter((r) => r.fault.kind === "link-primary" || r.fault.kind === "link-standby");
  const twoPrimaries = links.reduce((sum, r) => sum + (r.link?.twoAcknowledging ?? 0), 0);
  const primaryLinks = results.filter((r) => r.fault.kind === "link-primary");
  const demoted = primaryLinks.filter((r) => r.link?.demotedS !== null);
  const cuts = results.filter((r) => r.fault.kind === "cut-server-db").map((r) => r.link!.cutServer!);
  const cutOk = (c: NonNullable<LinkFaultOutcome["cutServer"]>) =>
    c.refused > 0 && c.withRetryAfter === c.refused && c.notReady && c.recoveredS !== null;
  return [
    [
      "link down: never two primaries acknowledging a COMMIT at once (probed through their sockets)",
      twoPrimaries === 0,
      `${links.length} link faults, ${twoPrimaries} probes with two acknowledging`,
    ],
    [
      "primary's link down: the cut-off primary demotes itself",
      demoted.length === primaryLinks.length,
      `${demoted.length} of ${primaryLinks.length} demoted before the link came back`,
    ],
    [
      "server cut from the database: 503 with Retry-After, not ready, then writes again",
      cuts.every(cutOk),
      `${cuts.length} cuts, ${cuts.filter(cutOk).length} as they should`,
    ],
  ];
}
