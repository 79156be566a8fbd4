// The ceilings under the capacity model (`--only=scale`): what one PostgreSQL database commits per second with
// one row updated per transaction, the same with a NOTIFY inside each transaction, NOTIFY statements on their
// own (the NOTIFY bus's sends: one transaction each, a hundred events at most), and what one Redis takes in
// PUBLISHes of a live batch. pgbench and redis-benchmark (Debian's postgresql-client and redis-tools) against the
// run's own database and Redis on the loopback, a few seconds each, with listeners on the channels as the
// servers have. Without the tools this part is left out and says so.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type Ceilings = {
  clients: number;
  updates: number;
  updatesWithNotify: number;
  notifyStatements: number;
  redisPublishes: number | null;
};

const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`)),
    );
  });
}

/** A live batch's size on the wire: one event of about 300 bytes. */
const PAYLOAD = JSON.stringify({
  channel: "me",
  kind: "balance",
  data: { coins: 1234, pad: "x".repeat(220) },
});

async function pgbenchTps(url: string, script: string, clients: number, seconds: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "bot-arena-ceiling-"));
  try {
    const file = join(dir, "script.sql");
    writeFileSync(file, script);
    const output = await run("pgbench", [
      "--no-vacuum",
      `--client=${clients}`,
      "--jobs=2",
      `--time=${seconds}`,
      `--file=${file}`,
      url,
    ]);
    const tps = /tps = ([\d.]+)/.exec(output);
    if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureCeilings(options: {
  databaseUrl: string;
  redisUrl: string;
  clients: number;
  seconds: number;
}): Promise<Ceilings | null> {
  if (!has("pgbench")) {
    console.log("(pgbench not installed: the database's ceilings are left out)");
    return null;
  }
  const setup = new pg.Client({ connectionString: options.databaseUrl });
  await setup.connect();
  // Two listeners, as two server processes LISTEN: PostgreSQL delivers every NOTIFY to each.
  const listeners = [
    new pg.Client({ connectionString: options.databaseUrl }),
    new pg.Client({ connectionString: options.databaseUrl }),
  ];
  try {
    await setup.query("create table if not exists ceiling (id int primary key, n bigint not null default 0)");
    await setup.query(
      "insert into ceiling (id) select g from generate_series(1, 1000) g on conflict do nothing",
    );
    for (const listener of listeners) {
      await listener.connect();
      await listener.query("LISTEN ceiling");
    }
    const pick = "\\set id random(1, 1000)\n";
    const update = "UPDATE ceiling SET n = n + 1 WHERE id = :id;\n";
    const notify = `SELECT pg_notify('ceiling', '${PAYLOAD}');\n`;
    const tps = (script: string) => pgbenchTps(options.databaseUrl, script, options.clients, options.seconds);
    const updates = await tps(pick + update);
    const updatesWithNotify = await tps(`${pick}BEGIN;\n${update}${notify}COMMIT;\n`);
    const notifyStatements = await tps(notify);
    return {
      clients: options.clients,
      updates,
      updatesWithNotify,
      notifyStatements,
      redisPublishes: has("redis-benchmark") ? await redisPublishes(options) : null,
    };
  } finally {
    for (const listener of listeners) await listener.end().catch(() => {});
    await setup.query("drop table if exists ceiling").catch(() => {});
    await setup.end();
  }
}

async function redisPublishes(options: {
  redisUrl: string;
  clients: number;
  seconds: number;
}): Promise<number> {
  const url = new URL(options.redisUrl);
  const target = ["-h", url.hostname, "-p", url.port || "6379"];
  // Two subscribers, as two server processes subscribe.
  const subscribers = [0, 1].map(() =>
    spawn("redis-cli", [...target, "subscribe", "bot-arena:ceiling:live"], { stdio: "ignore" }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = await run("redis-benchmark", [
      ...target,
      "-c",
      String(options.clients),
      "-n",
      String(50_000 * options.seconds),
      "-q",
      "PUBLISH",
      "bot-arena:ceiling:live",
      `[${PAYLOAD}]`,
    ]);
    const rate = /([\d.]+) requests per second/.exec(output);
    if (!rate) throw new Error(`redis-benchmark printed no rate:\n${output}`);
    return Number(rate[1]);
  } finally {
    for (const subscriber of subscribers) subscriber.kill();
  }
}
