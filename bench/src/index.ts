// `npm run bench`: prints the project's performance figures. It never fails on time; it only reports. The fault
// runs and the proxy check (`--only=proxy`) exit non-zero when what they check breaks.
import { spawnSync } from "node:child_process";
import { EVENT_FORMAT_NAMES, type EventFormatName } from "@bot-arena/game";
import { benchApiMe, reachablePostgres } from "./api-me";
import { benchAiBattles, benchLeaderboard } from "./arena";
import { benchAuthFlood } from "./auth-flood";
import { benchBots } from "./bots";
import { benchBundle } from "./bundle";
import { benchMarketplace } from "./economy";
import { runFailover } from "./failover";
import { runFanout } from "./fanout";
import { runCrash } from "./faults/crash";
import { benchGuildWars } from "./guild-wars";
import { benchLanding } from "./landing";
import { benchMediaFlood } from "./media-flood";
import { runProxy } from "./proxy";
import { type Bus, runScale } from "./scale";
import { repoRoot } from "./server-process";
import { runSim } from "./sim";
import { benchStartup } from "./startup";
import { benchTournament } from "./tournament";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key ?? "", value ?? "true"];
  }),
);
const num = (key: string, fallback: number) => Number(args.get(key) ?? fallback);
const only = args.get("only");

console.log(`Bot Arena bench — ${new Date().toISOString()} — node ${process.version}`);

if (!only || only === "game") {
  console.log("\n## Rules engine (one core)");
  spawnSync("npm", ["run", "-s", "bench", "-w", "packages/game"], { cwd: repoRoot, stdio: "inherit" });
}

if (!only || only === "bundle") {
  console.log("\n## Web bundle");
  benchBundle();
  await benchLanding({ port: num("landing-port", 4475) });
}

if (!only || only === "startup") {
  console.log("\n## Server start and memory");
  await benchStartup({ runs: num("runs", 3), port: num("port", 4470) });
}

if (!only || only === "api") {
  console.log("\n## HTTP API");
  await benchApiMe({
    players: num("players", 50),
    seconds: num("seconds", 5),
    concurrency: num("concurrency", 32),
    port: num("api-port", 4400),
  });
}

if (!only || only === "bots") {
  console.log("\n## Bots");
  await benchBots({
    players: num("bot-players", 20),
    seconds: num("seconds", 5),
    concurrency: num("concurrency", 32),
    port: num("bots-port", 4450),
  });
}

if (only === "sim") {
  console.log("\n## Simulated players");
  const ok = await runSim({
    players: num("players", 50),
    seconds: num("seconds", 20),
    maxActions: num("actions", 1_000_000),
    thinkMs: num("think", 1000),
    servers: num("servers", 1),
    postgresUrl: process.env.DATABASE_URL || null,
    poolSize: num("pool", 10),
    grant: num("grant", 5000),
    setupConcurrency: num("setup-concurrency", 8),
    mix: args.get("mix"),
    port: num("port", 4410),
    bulkSetup: args.get("bulk-setup") !== "off",
    warmupSeconds: num("warmup", 0),
    loadShed: args.get("load-shed") !== "off",
    profile: args.has("profile"),
    routeCpu: args.has("route-cpu"),
  });
  if (!ok) process.exitCode = 1;
}

if (only === "scale") {
  console.log("\n## Scale: the live bus on PostgreSQL's NOTIFY against Redis, on two processes (issue 28)");
  const postgresUrl = process.env.DATABASE_URL;
  if (!postgresUrl)
    throw new Error("--only=scale needs DATABASE_URL (a PostgreSQL to create its databases on)");
  const ok = await runScale({
    players: num("players", 300),
    seconds: num("seconds", 30),
    thinkMs: num("think", 1000),
    servers: num("servers", 2),
    postgresUrl,
    // A Redis of the run's own unless one is named (--redis=redis://127.0.0.1:6379).
    redisUrl: args.get("redis") ?? null,
    poolSize: num("pool", 10),
    port: num("port", 4490),
    fanoutClients: num("clients", 10_000),
    fanoutPublishes: num("publishes", 10),
    buses: (args.get("buses") ?? "postgres,redis").split(",").map((bus) => {
      if (bus !== "postgres" && bus !== "redis") throw new Error(`--buses: postgres or redis, not ${bus}`);
      return bus as Bus;
    }),
    ceilingClients: num("ceiling-clients", 16),
  });
  if (!ok) process.exitCode = 1;
}

if (only === "guild-wars") {
  console.log("\n## Guild wars");
  const clean = await benchGuildWars({ runs: num("runs", 3), postgresUrl: process.env.DATABASE_URL || null });
  if (!clean) process.exitCode = 1;
}

if (only === "auth-flood") {
  console.log("\n## Password hashing under a flood of wrong-password sign-ins (issue 27, item 3)");
  await benchAuthFlood({
    seconds: num("seconds", 60),
    quietSeconds: num("quiet-seconds", 10),
    clients: num("flood", 64),
    pauseMs: num("pause", 100),
    port: num("port", 4480),
    part: args.get("part") ?? null,
  });
}

if (only === "media-flood") {
  console.log("\n## Anonymous media downloads beside a signed-in player (issue 43, item 1)");
  await benchMediaFlood({
    seconds: num("seconds", 30),
    quietSeconds: num("quiet-seconds", 10),
    clients: num("flood", 40),
    pauseMs: num("pause", 0),
    port: num("port", 4485),
    compare: args.get("compare") === "on",
  });
}

if (only === "crash") {
  console.log("\n## Crash (SIGKILL) and graceful stop (SIGTERM) under load");
  const ok = await runCrash({
    players: num("players", 30),
    loadSeconds: num("seconds", 5),
    postgresUrl: process.env.DATABASE_URL || null,
    port: num("port", 4430),
  });
  if (!ok) process.exitCode = 1;
}

if (only === "failover") {
  console.log("\n## Failover (issue 42): a pg_auto_failover cluster killed by seed under a bank checker");
  const ok = await runFailover({
    seed: num("seed", 1),
    seconds: num("seconds", 60),
    faults: num("faults", 5),
    players: num("players", 12),
    basePort: num("port", 7100),
    netns: args.has("netns"),
  });
  if (!ok) process.exitCode = 1;
}

if (only === "proxy") {
  console.log(
    "\n## A real proxy in front (issue 28 item 5): Debian's nginx with docs/operations.md's configuration",
  );
  const ok = await runProxy({
    port: num("port", 4490),
    proxyPort: num("proxy-port", 0),
    postgresUrl: await reachablePostgres(),
  });
  if (!ok) process.exitCode = 1;
}

if (!only || only === "economy") {
  console.log("\n## Economy: marketplace contention");
  const ok = await benchMarketplace({
    buyers: num("buyers", 100),
    listings: num("listings", 10),
    rounds: num("rounds", 10),
    postgresUrl: process.env.DATABASE_URL || null,
    port: num("port", 4440),
  });
  if (!ok) process.exitCode = 1;
}

if (!only || only === "arena") {
  console.log("\n## Arena: AI battles and the leaderboard");
  await benchAiBattles({
    players: num("arena-players", 100),
    rounds: num("arena-rounds", 3),
    postgresUrl: process.env.DATABASE_URL || null,
    port: num("arena-port", 4460),
  });
  await benchLeaderboard({
    bots: num("board-bots", 100_000),
    owners: num("board-owners", 5_000),
    runs: num("board-runs", 50),
    postgresUrl: process.env.DATABASE_URL || null,
  });
}

if (!only || only === "tournament") {
  console.log("\n## Tournaments: a whole bracket on the server");
  const sizes = (args.get("sizes") ?? (only ? "16,64,256" : "16,64")).split(",").map(Number);
  const formats = (args.get("formats") ?? EVENT_FORMAT_NAMES.join(",")).split(",") as EventFormatName[];
  const ok = await benchTournament({ sizes, formats, postgresUrl: process.env.DATABASE_URL || null });
  if (!ok) process.exitCode = 1;
}

for (const channel of ["marketplace", "chat"] as const) {
  const name = channel === "chat" ? "chat" : "fanout";
  if (only && only !== name) continue;
  console.log(`\n## Live fan-out: ${channel}`);
  const clients = num("clients", 1000);
  await runFanout({
    channel,
    clients,
    // A session keeps at most 8 live sockets (the oldest gives way), so readers are spread 5 to a session.
    sessions: num("sessions", Math.ceil(clients / 5)),
    publishes: num("publishes", 20),
    servers: num("servers", 1),
    postgresUrl: process.env.DATABASE_URL || null,
    port: num("port", 4420),
  });
}
