// `npm run bench -- --only=fanout` and `--only=chat`: live fan-out. C WebSockets (spread over S signed-in sessions
// and over the server processes) subscribe to one public channel. On `marketplace` a seller lists and unlists a
// bot K times; on `chat` a few players send K messages between them. Each event's delay is measured at every
// socket as arrival time minus the server's `at`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LiveServerMessage, MarketplaceListing } from "@bot-arena/contract";
import { cpuSecondsOf, systemSecondsOf } from "./proc-cpu";
import { openRawLive, type RawLiveSocket } from "./raw-live-reader";
import type { RunningServer } from "./server-process";
import { createApi, detectRoutes } from "./sim/api";
import { openBulkAccounts } from "./sim/bulk-players";
import { createBenchDatabase } from "./sim/database";
import { startFleet } from "./sim/index";
import { Metrics } from "./sim/metrics";
import {
  type AccountMaker,
  PASSWORD,
  refreshRoster,
  type SimPlayer,
  signUpPlayer,
  spareBots,
} from "./sim/player";
import { pool } from "./sim/run";
import { printTable, summarize } from "./stats";

export type FanoutChannel = "marketplace" | "chat";

export type FanoutOptions = {
  channel: FanoutChannel;
  clients: number;
  sessions: number;
  publishes: number;
  servers: number;
  postgresUrl: string | null;
  port: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const AT = Buffer.from('"at":');

/**
 * The event's `at` of a message on `channel`, read off the bytes: every reader shares this one process, so
 * parsing 10,000 copies of each event would make the bench the bottleneck it measures. The hub writes `at`
 * last in the event (`{"type":"event","event":{"channel":..,"kind":..,"data":..,"at":N}}`), after `data`, so
 * the last `"at":` is the event's.
 */
function eventAt(raw: Buffer, channel: Buffer): number | null {
  if (raw.indexOf(channel) < 0) return null;
  const at = raw.lastIndexOf(AT);
  if (at < 0) return null;
  let value = 0;
  for (let i = at + AT.length; i < raw.length; i++) {
    const digit = raw[i]! - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

function subscribe(
  base: URL,
  cookie: string,
  channel: FanoutChannel,
  delays: number[],
): Promise<RawLiveSocket> {
  const channelField = Buffer.from(`"channel":"${channel}"`);
  return new Promise((resolve, reject) => {
    let socket: RawLiveSocket | null = null;
    // The clock is read once per chunk, before anything in it: a message's delay should not also count the
    // reading of the messages queued ahead of it.
    const onText = (raw: Buffer, arrived: number) => {
      const at = eventAt(raw, channelField);
      if (at !== null) delays.push(arrived - at);
      else if ((JSON.parse(raw.toString()) as LiveServerMessage).type === "subscribed") resolve(socket!);
    };
    openRawLive(base, cookie, onText).then((opened) => {
      socket = opened;
      opened.sendText(JSON.stringify({ type: "subscribe", channels: [channel] }));
    }, reject);
  });
}

type Api = ReturnType<typeof createApi>;

/** Sends the channel's events: `publishes` rounds, and how many events each round makes. */
type Publisher = { eventsPerRound: number; round(i: number): Promise<void> };

/** A seller with a spare, ready bot, who lists it and takes it off the market again. */
async function marketplacePublisher(api: Api, base: URL): Promise<Publisher> {
  const seller = await signUpPlayer(api, base, 0, `seller${Date.now() % 100000}`);
  if (!seller) throw new Error("fan-out: the seller could not sign up");
  const summoned = await api.call<{ botIds: string[] }>(seller.caller, "summonBots", { body: { count: 1 } });
  const id = summoned.data.botIds?.[0];
  if (!id) throw new Error(`fan-out: summon failed (${summoned.status})`);
  await api.call(seller.caller, "nameBot", { params: { id }, body: { name: "Fanout Bot" } });
  await api.call(seller.caller, "allocateBot", {
    params: { id },
    body: { strength: 4, agility: 3, defense: 2, intelligence: 1 },
  });
  await refreshRoster(api, seller);
  const bot = spareBots(seller)[0]!;
  return {
    eventsPerRound: 2,
    async round(i) {
      const listed = await api.call<{ listing: MarketplaceListing }>(
        seller.caller,
        "marketplaceCreateListing",
        {
          body: { botId: bot.id, price: 100 + i },
        },
      );
      await sleep(100);
      await api.call(seller.caller, "marketplaceCancelListing", { params: { id: listed.data.listing.id } });
      await sleep(100);
    },
  };
}

/** Four players taking turns in the chat, each well inside 5 messages per 10 s. */
async function chatPublisher(api: Api, base: URL): Promise<Publisher> {
  const senders: SimPlayer[] = [];
  for (let i = 0; i < 4; i++) {
    const sender = await signUpPlayer(api, base, 90_000 + i, `talk${Date.now() % 100000}`);
    if (!sender) throw new Error("chat fan-out: a sender could not sign up");
    senders.push(sender);
  }
  return {
    eventsPerRound: 1,
    async round(i) {
      const sent = await api.call(senders[i % senders.length]!.caller, "sendChat", {
        body: { message: `fan-out message ${i}` },
      });
      if (!sent.ok) throw new Error(`chat fan-out: message ${i} refused (${sent.status})`);
      await sleep(600);
    },
  };
}

/** One fan-out's figures: every event's delay at every socket. */
export type FanoutFigures = {
  events: number;
  deliveries: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  connectSeconds: number;
  /** CPU over the publishing, in microseconds per delivery: the servers' (null when not given) and the bench's. */
  serverCpuUs: number | null;
  /** The kernel's part of serverCpuUs: on loopback a socket write also runs the receiver's side of TCP. */
  serverSystemUs: number | null;
  benchCpuUs: number;
  benchSystemUs: number;
};

/**
 * The fan-out on servers already running: `clients` sockets spread over the servers and `sessions` signed-in
 * readers (accounts made in bulk when `accounts` is given, else signed up through the API), then the publisher's
 * rounds. The sockets are closed before it answers.
 */
export async function fanoutOn(options: {
  bases: URL[];
  api: Api;
  channel: FanoutChannel;
  clients: number;
  sessions: number;
  publishes: number;
  accounts?: AccountMaker | null;
  /** The server processes, whose CPU over the publishing is printed per delivery. */
  serverPids?: readonly number[];
  /** Called once every socket is connected and subscribed, before anything is published. */
  whileConnected?: () => Promise<void>;
}): Promise<FanoutFigures> {
  const { bases, api } = options;
  const needs = options.channel === "chat" ? "sendChat" : "marketplaceCreateListing";
  if (!api.has(needs)) throw new Error(`fan-out needs the ${options.channel} routes`);
  const sockets: RawLiveSocket[] = [];
  try {
    const cookies: string[] = [];
    const prefix = `fan${Date.now() % 100000}`;
    await pool(options.sessions, 8, async (i) => {
      const base = bases[i % bases.length]!;
      const cookie = options.accounts
        ? (await options.accounts.create(`${prefix}_${i + 1}`, `${prefix}_${i + 1}@arena.test`)).cookie
        : (await signUpPlayer(api, base, i + 1, prefix))?.caller.cookie;
      if (cookie) cookies.push(cookie);
    });
    const delays: number[] = [];
    const connectStarted = performance.now();
    await pool(options.clients, 50, async (i) => {
      sockets.push(
        await subscribe(bases[i % bases.length]!, cookies[i % cookies.length]!, options.channel, delays),
      );
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await options.whileConnected?.();
    const publisher =
      options.channel === "chat"
        ? await chatPublisher(api, bases[0]!)
        : await marketplacePublisher(api, bases[0]!);

    const started = performance.now();
    const benchCpuBefore = process.cpuUsage();
    const serverCpuBefore = options.serverPids ? cpuSecondsOf(options.serverPids) : null;
    const serverSystemBefore = options.serverPids ? systemSecondsOf(options.serverPids) : null;
    for (let i = 0; i < options.publishes; i++) await publisher.round(i);
    await sleep(1000);
    const s = summarize(delays, (performance.now() - started) / 1000);
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const perDelivery = (seconds: number) => (seconds * 1e6) / Math.max(1, s.count);
    const events = options.publishes * publisher.eventsPerRound;
    return {
      events,
      deliveries: s.count,
      expected: options.clients * events,
      p50: s.p50,
      p95: s.p95,
      p99: s.p99,
      max: s.max,
      connectSeconds,
      serverCpuUs:
        options.serverPids && serverCpuBefore !== null
          ? perDelivery(cpuSecondsOf(options.serverPids) - serverCpuBefore)
          : null,
      serverSystemUs:
        options.serverPids && serverSystemBefore !== null
          ? perDelivery(systemSecondsOf(options.serverPids) - serverSystemBefore)
          : null,
      benchCpuUs: perDelivery((benchCpu.user + benchCpu.system) / 1e6),
      benchSystemUs: perDelivery(benchCpu.system / 1e6),
    };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}

export async function runFanout(options: FanoutOptions): Promise<void> {
  const database = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_fanout") : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-fanout-"));
  let servers: RunningServer[] = [];
  // On PostgreSQL the readers' accounts are made in bulk (one full-cost hash), as the sim makes its players:
  // 2,000 sign-ups through the API would spend minutes hashing before the first event.
  const accounts = database ? await openBulkAccounts(database.url, PASSWORD) : null;
  try {
    servers = await startFleet(
      { servers: options.servers, port: options.port, poolSize: 10 },
      database,
      dataDir,
    );
    const bases = servers.map((s) => s.base);
    const api = createApi(await detectRoutes(bases[0]!), () => new Metrics());
    const serverPids = servers.flatMap((s) => (s.child.pid ? [s.child.pid] : []));
    const f = await fanoutOn({ ...options, bases, api, accounts, serverPids });
    printTable(
      `Live fan-out on \`${options.channel}\`: ${options.clients} sockets on ${options.sessions} sessions, ${servers.length} server process(es), ${database ? "PostgreSQL" : "PGlite"}`,
      [
        "events published",
        "deliveries",
        "expected",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "connect all",
        "server CPU µs per delivery",
        "of which the kernel's",
        "bench CPU µs per delivery",
        "of which the kernel's",
      ],
      [
        [
          f.events,
          f.deliveries,
          f.expected,
          f.p50,
          f.p95,
          f.p99,
          f.max,
          `${f.connectSeconds.toFixed(1)} s`,
          f.serverCpuUs?.toFixed(1) ?? "-",
          f.serverSystemUs?.toFixed(1) ?? "-",
          f.benchCpuUs.toFixed(1),
          f.benchSystemUs.toFixed(1),
        ],
      ],
    );
  } finally {
    await accounts?.close();
    for (const server of servers) await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
