// A measuring preload for the bench's server processes (issue 30), never loaded in production:
//   BENCH_PROBE_DIR=/tmp/probe BENCH_SERVER_NODE_ARGS="--import=./bench/src/probe.mjs" npm run bench -- --only=sim ...
// Per HTTP route (method + path with ids folded): requests, node-postgres statements and BEGINs, files written
// (rename) and access() probes, scrypt calls, and the statements of one request in order. Per process: socket
// writes to PostgreSQL, the wait for a pool connection and the event-loop delay (10 ms resolution: ~10 ms is
// its floor). SIGUSR2 resets everything (the sim bench sends it when play starts, with BENCH_PROBE_DIR set); at
// exit it writes BENCH_PROBE_DIR/probe-<pid>.json. A timer armed during a request (the rate counter's flush)
// counts toward that request's route: read the route figures as close, not exact.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { writeFileSync } from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const require = createRequire(join(process.cwd(), "packages/server/package.json"));
const pg = require("pg");
const als = new AsyncLocalStorage();
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

let routes = new Map();
let statements = new Map();
let background = { queries: 0, begins: 0, filesWritten: 0, accessCalls: 0 };
let pgWrites = 0;
let startedAt = Date.now();

const routeOf = (method, url) =>
  `${method} ${url
    .split("?")[0]
    .replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, "/:id")
    .replace(/\/\d+(?=\/|$)/g, "/:id")}`;

const originalEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(event, req, ...rest) {
  if (event === "request" && req?.url?.startsWith("/api/")) {
    const key = routeOf(req.method, req.url);
    const trace = [];
    let entry = routes.get(key);
    if (!entry) {
      entry = { route: key, requests: 0, queries: 0, begins: 0, filesWritten: 0, accessCalls: 0 };
      routes.set(key, entry);
    }
    entry.requests++;
    // The statements of one request per route, in order (the third one, past any first-time path).
    if (entry.requests === 3) entry.example = trace;
    return als.run({ entry, trace }, () => originalEmit.call(this, event, req, ...rest));
  }
  return originalEmit.call(this, event, req, ...rest);
};

// A statement is counted where the request sends it: pg-pool's query() runs client.query() from the callback of
// a checkout, which, when the pool is busy, is the context of whichever request released a client.
const counted = Symbol("counted");
function count(config) {
  const text = typeof config === "string" ? config : (config?.text ?? "");
  const head = text.replace(/\s+/g, " ").slice(0, 90);
  const entry = als.getStore()?.entry ?? background;
  entry.queries++;
  if (/^\s*begin/i.test(text)) entry.begins++;
  als.getStore()?.trace.push(head.slice(0, 70));
  statements.set(head, (statements.get(head) ?? 0) + 1);
}

const originalPoolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function query(config, ...rest) {
  count(config);
  if (config && typeof config === "object") config[counted] = true;
  return originalPoolQuery.call(this, config, ...rest);
};

// The wait for a connection: from connect() to the client handed over.
const poolWait = { checkouts: 0, totalMs: 0, maxMs: 0, over5ms: 0, over50ms: 0 };
const recordWait = (started) => {
  const ms = performance.now() - started;
  poolWait.checkouts++;
  poolWait.totalMs += ms;
  poolWait.maxMs = Math.max(poolWait.maxMs, ms);
  if (ms > 5) poolWait.over5ms++;
  if (ms > 50) poolWait.over50ms++;
};
const originalConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(cb) {
  const started = performance.now();
  if (typeof cb === "function") {
    return originalConnect.call(this, (error, client, done) => {
      recordWait(started);
      cb(error, client, done);
    });
  }
  return originalConnect.call(this).then((client) => {
    recordWait(started);
    return client;
  });
};

const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, ...rest) {
  if (!(config && typeof config === "object" && config[counted])) count(config);
  if (this.connection?.stream && !this.connection.stream.__probed) {
    const stream = this.connection.stream;
    stream.__probed = true;
    const originalWritev = stream._writev?.bind(stream);
    const originalWrite = stream._write.bind(stream);
    stream._write = (...a) => {
      pgWrites++;
      return originalWrite(...a);
    };
    if (originalWritev) {
      stream._writev = (...a) => {
        pgWrites++;
        return originalWritev(...a);
      };
    }
  }
  return originalQuery.call(this, config, ...rest);
};

// Files written (the image store writes a temporary file, then renames it) and access() probes, per route.
const originalRename = fsp.rename;
fsp.rename = function rename(...args) {
  (als.getStore()?.entry ?? background).filesWritten++;
  return originalRename.apply(this, args);
};
const originalAccess = fsp.access;
fsp.access = function access(...args) {
  (als.getStore()?.entry ?? background).accessCalls++;
  return originalAccess.apply(this, args);
};
// Password hashing (scrypt, on libuv's threadpool): how many, and on which routes.
let scrypts = {};
const originalScrypt = crypto.scrypt;
crypto.scrypt = function scrypt(...args) {
  const key = als.getStore()?.entry.route ?? "background";
  scrypts[key] = (scrypts[key] ?? 0) + 1;
  return originalScrypt.apply(this, args);
};
syncBuiltinESMExports();

process.on("SIGUSR2", () => {
  routes = new Map();
  statements = new Map();
  background = { queries: 0, begins: 0, filesWritten: 0, accessCalls: 0 };
  pgWrites = 0;
  scrypts = {};
  Object.assign(poolWait, { checkouts: 0, totalMs: 0, maxMs: 0, over5ms: 0, over50ms: 0 });
  histogram.reset();
  startedAt = Date.now();
});

process.on("exit", () => {
  const dir = process.env.BENCH_PROBE_DIR ?? "/tmp";
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  writeFileSync(
    join(dir, `probe-${process.pid}.json`),
    JSON.stringify(
      {
        seconds: (Date.now() - startedAt) / 1000,
        eventLoopDelayMs: {
          p50: ms(histogram.percentile(50)),
          p90: ms(histogram.percentile(90)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          mean: ms(histogram.mean),
        },
        pgSocketWrites: pgWrites,
        scrypts,
        poolWait,
        background,
        routes: Object.fromEntries([...routes].sort((a, b) => b[1].requests - a[1].requests)),
        statements: Object.fromEntries([...statements].sort((a, b) => b[1] - a[1]).slice(0, 60)),
      },
      null,
      1,
    ),
  );
});
