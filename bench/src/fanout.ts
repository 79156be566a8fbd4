// `npm run bench -- --only=fanout`: live fan-out. C WebSockets (spread over S signed-in sessions and over the
// server processes) subscribe to the public `marketplace` channel; a seller lists and unlists a bot K times,
// and each listing event's delay is measured at every socket as arrival time minus the server's `at`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LiveServerMessage, MarketplaceListing } from "@bot-arena/contract";
import WebSocket from "ws";
import type { RunningServer } from "./server-process";
import { createApi, detectRoutes } from "./sim/api";
import { createBenchDatabase } from "./sim/database";
import { startFleet } from "./sim/index";
import { Metrics } from "./sim/metrics";
import { refreshRoster, type SimPlayer, signUpPlayer, spareBots } from "./sim/player";
import { pool } from "./sim/run";
import { printTable, summarize } from "./stats";

export type FanoutOptions = {
  clients: number;
  sessions: number;
  publishes: number;
  servers: number;
  postgresUrl: string | null;
  port: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function subscribe(base: URL, cookie: string, delays: number[]): Promise<WebSocket> {
  const socket = new WebSocket(`ws://${base.host}/api/live`, { headers: { cookie } });
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as LiveServerMessage;
    if (message.type === "event" && message.event.channel === "marketplace")
      delays.push(Date.now() - message.event.at);
  });
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify({ type: "subscribe", channels: ["marketplace"] })));
    socket.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as LiveServerMessage).type === "subscribed") resolve(socket);
    });
  });
}

/** A seller with a spare, ready bot to list and unlist. */
async function makeSeller(api: ReturnType<typeof createApi>, base: URL): Promise<SimPlayer> {
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
  return seller;
}

export async function runFanout(options: FanoutOptions): Promise<void> {
  const database = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_fanout") : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-fanout-"));
  let servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  try {
    servers = await startFleet(
      { servers: options.servers, port: options.port, poolSize: 10 },
      database,
      dataDir,
    );
    const bases = servers.map((s) => s.base);
    const api = createApi(await detectRoutes(bases[0]!), () => new Metrics());
    if (!api.has("marketplaceCreateListing")) throw new Error("fan-out needs the marketplace routes");
    const cookies: string[] = [];
    await pool(options.sessions, 8, async (i) => {
      const player = await signUpPlayer(api, bases[i % bases.length]!, i + 1, `fan${Date.now() % 100000}`);
      if (player) cookies.push(player.caller.cookie);
    });
    const delays: number[] = [];
    const connectStarted = performance.now();
    await pool(options.clients, 50, async (i) => {
      sockets.push(await subscribe(bases[i % bases.length]!, cookies[i % cookies.length]!, delays));
    });
    const connectMs = performance.now() - connectStarted;
    const seller = await makeSeller(api, bases[0]!);
    const bot = spareBots(seller)[0]!;

    const started = performance.now();
    for (let i = 0; i < options.publishes; i++) {
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
    }
    await sleep(1000);
    const seconds = (performance.now() - started) / 1000;
    const s = summarize(delays, seconds);
    const expected = options.clients * options.publishes * 2;
    printTable(
      `Live fan-out: ${options.clients} sockets on ${options.sessions} sessions, ${servers.length} server process(es), ${database ? "PostgreSQL" : "PGlite"}`,
      ["events published", "deliveries", "expected", "p50 ms", "p95 ms", "p99 ms", "max ms", "connect all"],
      [
        [
          options.publishes * 2,
          s.count,
          expected,
          s.p50,
          s.p95,
          s.p99,
          s.max,
          `${(connectMs / 1000).toFixed(1)} s`,
        ],
      ],
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const server of servers) await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
