// Server configuration from the environment: one typed object, read once at start-up.

import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type CashoutRules,
  DEFAULT_CASHOUT_RULES,
  DEFAULT_PVP_PROTECTION,
  GUILD_WAR_REST_HOURS,
  PVP_SEASON_DAYS,
  type PvpProtectionRules,
} from "@bot-arena/game";
import { DEFAULT_PASSWORD_HASH_COST } from "./auth/password";
import type { LoadShedLimits } from "./load-shed";
import { parseS3Location, type S3Location, S3LocationError } from "./media/s3-location";
import { repoRoot } from "./paths";

export { repoRoot };

export type Toggle = "on" | "off";

export type Config = {
  port: number;
  host: string;
  /** Where PGlite keeps its files (and where media files of an older version are imported from). */
  dataDir: string;
  /** node-postgres instead of the embedded PGlite when set. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: how long a start waits for an unreachable PostgreSQL before giving up. */
  databaseConnectTimeoutMs: number;
  /** SHUTDOWN_GRACE_MS: how long a stop may drain requests in flight before the process exits anyway. */
  shutdownGraceMs: number;
  /** LOAD_SHED and its bounds past which requests are refused (load-shed.ts); all 0 with LOAD_SHED=off. */
  loadShed: LoadShedLimits;
  /** MEDIA_S3_URL parsed: media in that bucket; null keeps them in the database (platform/media/). */
  mediaS3: S3Location | null;
  /**
   * This process's copies of served media (platform/media/cache.ts): MEDIA_CACHE_DIR (each process makes a
   * folder of its own inside, removed when it stops), and the bytes it may keep in memory (small objects) and
   * on disk (large ones); a disk of 0 streams large objects from the store every time.
   */
  mediaCache: { dir: string; memoryBytes: number; diskBytes: number };
  /**
   * /media without a session, per address: requests per window and streams at once, and streams at once of
   * all addresses together in this process; past any of them 429 (platform/limits/media-limits.ts). A signed-in
   * player's media count against their own limits, with this per-address stream cap as theirs. A refusal is
   * answered after `refusalDelayMs`, so a loop that ignores Retry-After cannot ask thousands of times a second;
   * an anonymous answer streamed (a track, not a picture from memory) goes at most `streamKbPerSecond`.
   */
  mediaLimits: {
    requests: number;
    windowMs: number;
    streamsPerAddress: number;
    streams: number;
    refusalDelayMs: number;
    streamKbPerSecond: number;
  };
  /**
   * LIVE_BUS_URL: `redis://` (or `rediss://`) Redis or Valkey for the live bus, the per-player rate counters and
   * the chat's pace, so live events stay off the database; null keeps them on the database (platform/live/bus.ts).
   */
  liveBusUrl: string | null;
  /** Lower-cased addresses that become admins when they sign up or sign in. */
  adminEmails: string[];
  ads: Toggle;
  starterMusic: Toggle;
  webDist: string;
  /** "auto" marks the session cookie Secure when the request came over HTTPS. */
  cookieSecure: "auto" | "always" | "never";
  /**
   * Fastify trustProxy: false, the proxies' addresses (the client is then the last X-Forwarded-For hop that is not
   * one of them: the address nginx appended), or true (every hop, so the leftmost, which the client writes).
   */
  trustProxy: boolean | string[];
  /** Extra origins allowed to send state-changing requests (besides the server's own host). */
  trustedOrigins: string[];
  rateLimit: { authMax: number; authWindowMs: number };
  /**
   * Per player over every signed-in API route: requests per window, requests in flight per process, and of
   * those the reads (GETs) in flight (one on PGlite by default, where every query runs on the one thread).
   */
  playerLimits: { requests: number; windowMs: number; concurrent: number; concurrentReads: number };
  /** log2 of scrypt's N; lower only in tests. */
  passwordHashCost: number;
  /**
   * Password hashing threads of this process, the checks each lane (remembered devices, everyone else) holds at
   * once, running or waiting (past that a sign-in answers 429 at once), and the CPU niceness on Linux of the
   * thread kept for the known lane (the others run at 19; 0 keeps them all at the process's priority), and the
   * percent of one thread's time the strangers' checks may take on average (platform/auth/password-hasher.ts).
   */
  passwordHashing: { workers: number; queue: number; niceness: number; strangerShare: number };
  sessionDays: number;
  liveHeartbeatMs: number;
  /** How often the deadline reconciler looks for due rows (platform/reconciler.ts); 0 turns the loop off. */
  reconcilerIntervalMs: number;
  /** How often each process offers to audit the economy (one at a time); 0 turns it off. */
  economyAuditMinutes: number;
  /** Uploads (library images and music together) one admin may send per hour, counted across processes. */
  adminUploadsPerHour: number;
  /** The image library's background top-up until an admin flips it in the panel (IMAGE_LIBRARY_TOP_UP). */
  imageLibraryTopUp: Toggle;
  /** Between two top-up passes besides the ones fusions ask for; 0 leaves only those. */
  imageLibraryTopUpIntervalMs: number;
  /** Defaults for a new tournament when the admin leaves them out: registration length and round window. */
  tournament: { registrationMinutes: number; roundSeconds: number };
  /** A guild war's registration window and battle window (the 7 rounds share it). */
  guildWar: { registrationSeconds: number; battleSeconds: number };
  /** How long a guild rests after a war before it is enlisted again (GUILD_WAR_REST_HOURS; 0: no rest). */
  guildWarRestHours: number;
  /** Parse every route's answer with its contract schema (tests; costs time in production). */
  checkResponses: boolean;
  /** TEST_BATTLE_SEEDS=on lets a request fix its battles' seeds (x-test-battle-seed); for tests only. */
  testBattleSeeds: boolean;
  /**
   * TEST_CLOCK=on: the clock is the database's plus a shared offset that POST /api/test/clock moves forward
   * (platform/clock.ts). For tests and journeys only: the server warns at start and /api/health says so.
   */
  testClock: boolean;
  /** Web Push when away (features/push): the VAPID keys (null: made once and kept in the database), the delay. */
  push: PushConfig;
  /**
   * TEST_RUNNER_KILL=<handler>: the process kills itself (SIGKILL) after a step of that runner handler and before
   * its commit, so a process test can show a step is all or nothing. Tests only: the server warns at start.
   */
  testRunnerKill: string | null;
  /**
   * LOCK_ORDER: "strict" throws LockOrderError on a lock taken out of order (tests, journeys, the bench);
   * "warn" (the default) logs it and lets the request go on (platform/db/locks.ts).
   */
  lockOrder: "strict" | "warn";
  /**
   * LOG_FORMAT: "pretty" (readable lines, platform/logger.ts) when unset and stdout is a terminal, "json" (one
   * JSON line per entry) otherwise; "json" or "pretty" forces it.
   */
  logFormat: LogFormat;
  /** LOG_LEVEL: pino's level; by default "warn" in the readable format (a person's terminal), "info" in JSON. */
  logLevel: string;
  cashout: CashoutConfig;
  /** PvP's protections (issue 40): the shield, the daily defense cap, linked accounts (docs/game-rules.md). */
  pvp: PvpConfig;
  /** METRICS_TOKEN: `Authorization: Bearer <it>` reads GET /api/admin/metrics without a session; null: admins only. */
  metricsToken: string | null;
  /**
   * MIGRATE_ON_START: "on" migrates the database at start (the default: `npm start` on a newcomer's machine);
   * "off" only checks that `npm run migrate` ran, for a database user without rights on the schema.
   */
  migrateOnStart: Toggle;
  /** METRICS_ROUTE_CPU=on: CPU by route in the metrics (platform/route-cpu.ts); benches only, it costs CPU. */
  metricsRouteCpu: Toggle;
};

/** Cash-outs (issue 38): who pays them and the house rules against farming (docs/game-rules.md). */
export type CashoutConfig = {
  /** CASHOUT_PROVIDER: "record-only" leaves every request to the operators' 'Mark paid'; "zbd" pays it. */
  provider: "record-only" | "zbd";
  /** ZBD_API_KEY and ZBD_API_URL (ZBD's API by default); required with the zbd provider. */
  zbd: { apiKey: string; apiUrl: string; timeoutMs: number } | null;
  /** CASHOUT_MSATS_PER_COIN: what a coin is worth in millisatoshis. */
  msatsPerCoin: bigint;
  rules: CashoutRules;
  /** Two accounts seen on one device or address within this many days of each other are linked. */
  linkWindowDays: number;
  /** Below this many coins' worth in the project wallet, the operators are warned. */
  walletLowCoins: number;
};

export type PvpConfig = PvpProtectionRules & {
  /** PVP_REFUSE_LINKED: "off" lets linked accounts fight (journeys, where every browser shares one address). */
  refuseLinked: boolean;
  /** PVP_SEASON_DAYS: how long a PvP season lasts; the next opens when one closes. */
  seasonDays: number;
};

/** DATABASE_URL: postgres:// or postgresql://, or unset for the embedded PGlite. */
export type PushConfig = {
  /** Both keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) or neither: then a pair made once is kept in a table. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT, a mailto: or https: address the push services may write to; null: the first admin's. */
  subject: string | null;
  delaySeconds: number;
  /** PUSH_TEST_ENDPOINTS=on lets a subscription name a loopback or private http endpoint; tests only. */
  testEndpoints: boolean;
};

/** base64url of `bytes` bytes (a P-256 public key is 65, its private key 32). */
const isBase64Url = (raw: string, bytes: number) =>
  /^[A-Za-z0-9_-]+$/.test(raw) && Buffer.from(raw, "base64url").length === bytes;

function push(env: Env): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY || "";
  const privateKey = env.VAPID_PRIVATE_KEY || "";
  const subject = env.VAPID_SUBJECT || null;
  const delaySeconds = int(env, "PUSH_DELAY_SECONDS", 60, 0, 24 * 3600);
  const testEndpoints = toggle(env, "PUSH_TEST_ENDPOINTS", "off") === "on";
  if (subject !== null && !/^(mailto:.+|https:\/\/.+)$/.test(subject)) {
    problem("VAPID_SUBJECT must be a mailto: or https:// address", null);
  }
  if (!publicKey && !privateKey) return { vapid: null, subject, delaySeconds, testEndpoints };
  if (!publicKey || !privateKey) {
    return problem("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all", {
      vapid: null,
      subject,
      delaySeconds,
      testEndpoints,
    });
  }
  if (!isBase64Url(publicKey, 65) || !isBase64Url(privateKey, 32)) {
    problem(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (web-push generate-vapid-keys)",
      null,
    );
  }
  return { vapid: { publicKey, privateKey }, subject, delaySeconds, testEndpoints };
}

function databaseUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(value)) {
    // Not echoed: the address may carry a password.
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// address");
  }
  return value;
}

function lockOrder(raw: string | undefined): Config["lockOrder"] {
  const value = raw?.trim().toLowerCase();
  if (!value || value === "warn") return "warn";
  if (value === "strict") return "strict";
  return problem(`LOCK_ORDER must be strict or warn (got "${raw}")`, "warn");
}

/** A bearer token guessed by nobody: at least 16 visible characters. */
function metricsToken(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(value)) {
    throw new ConfigError("METRICS_TOKEN must be at least 16 visible ASCII characters (no spaces)");
  }
  return value;
}

export const ZBD_DEFAULT_API_URL = "https://api.zebedee.io";

function cashout(env: Env): CashoutConfig {
  const provider = (env.CASHOUT_PROVIDER?.trim().toLowerCase() || "record-only") as string;
  if (provider !== "record-only" && provider !== "zbd") {
    throw new ConfigError(`CASHOUT_PROVIDER must be record-only or zbd (got "${env.CASHOUT_PROVIDER}")`);
  }
  const apiKey = env.ZBD_API_KEY?.trim() ?? "";
  if (provider === "zbd" && apiKey === "") throw new ConfigError("CASHOUT_PROVIDER=zbd needs ZBD_API_KEY");
  const apiUrl = env.ZBD_API_URL?.trim() || ZBD_DEFAULT_API_URL;
  try {
    new URL(apiUrl);
  } catch {
    throw new ConfigError(`ZBD_API_URL must be a URL (got "${apiUrl}")`);
  }
  const defaults = DEFAULT_CASHOUT_RULES;
  return {
    provider,
    zbd: provider === "zbd" ? { apiKey, apiUrl, timeoutMs: int(env, "ZBD_TIMEOUT_MS", 10_000, 100) } : null,
    msatsPerCoin: BigInt(int(env, "CASHOUT_MSATS_PER_COIN", 1000, 1)),
    rules: {
      minAccountDays: int(env, "CASHOUT_MIN_ACCOUNT_DAYS", defaults.minAccountDays, 0),
      minBattles: int(env, "CASHOUT_MIN_BATTLES", defaults.minBattles, 0),
      dailyMax: int(env, "CASHOUT_DAILY_MAX", defaults.dailyMax, 1),
      autoMax: int(env, "CASHOUT_AUTO_MAX", defaults.autoMax, 0),
    },
    linkWindowDays: int(env, "CASHOUT_LINK_WINDOW_DAYS", 30, 0),
    walletLowCoins: int(env, "CASHOUT_WALLET_LOW_COINS", 5000, 0),
  };
}

export type LogFormat = "json" | "pretty";

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

/** While loadConfig runs: the problems found so far, so every one is told at once, not only the first. */
let problems: string[] | null = null;

/** Records a problem (answering `fallback` so the rest can be checked) or, outside loadConfig, throws it. */
function problem<T>(message: string, fallback: T): T {
  if (!problems) throw new ConfigError(message);
  problems.push(message);
  return fallback;
}

/** `read()`, or its ConfigError recorded as a problem and `fallback` answered. */
function soft<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) return problem(error.message, fallback);
    throw error;
  }
}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    return problem(`${name} must be an integer ${range} (got "${raw}")`, fallback);
  }
  return value;
}

function toggle(env: Env, name: string, fallback: Toggle): Toggle {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["on", "true", "1", "yes"].includes(raw)) return "on";
  if (["off", "false", "0", "no"].includes(raw)) return "off";
  return problem(`${name} must be on or off (got "${env[name]}")`, fallback);
}

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function cookieSecure(raw: string | undefined): Config["cookieSecure"] {
  const value = raw?.trim().toLowerCase();
  if (!value || value === "auto") return "auto";
  if (["on", "true", "1", "always"].includes(value)) return "always";
  if (["off", "false", "0", "never"].includes(value)) return "never";
  throw new ConfigError(`COOKIE_SECURE must be auto, on or off (got "${raw}")`);
}

function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim().toLowerCase();
  if (!value || ["off", "false", "0", "no"].includes(value)) return false;
  if (["on", "true", "1", "yes"].includes(value)) return true;
  return list(value); // addresses or CIDR ranges of the proxies
}

/** LIVE_BUS_URL: a Redis URL (`redis://[user:password@]host[:port][/db]`, `rediss://` for TLS) or unset. */
export function liveBusUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`LIVE_BUS_URL must be a URL such as redis://127.0.0.1:6379 (got "${value}")`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new ConfigError(`LIVE_BUS_URL must start with redis:// or rediss:// (got "${value}")`);
  }
  const db = url.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d+$/.test(db)) {
    throw new ConfigError("LIVE_BUS_URL's path must be a database number, as in redis://127.0.0.1:6379/2");
  }
  return value;
}

/** LOG_FORMAT unset or "auto": readable lines for a person at a terminal, JSON lines for anything else. */
export function chooseLogFormat(raw: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  const value = raw?.trim().toLowerCase();
  if (!value || value === "auto") return stdoutIsTerminal ? "pretty" : "json";
  if (value === "json" || value === "pretty") return value;
  throw new ConfigError(`LOG_FORMAT must be auto, json or pretty (got "${raw}")`);
}

/** AWS_* are read only when MEDIA_S3_URL is set (platform/media/s3-location.ts). */
function mediaS3(env: Env): S3Location | null {
  const raw = env.MEDIA_S3_URL?.trim();
  if (!raw) return null;
  try {
    return parseS3Location(raw, env);
  } catch (error) {
    throw error instanceof S3LocationError ? new ConfigError(error.message) : error;
  }
}

const MB = 1024 * 1024;

/** LOAD_SHED=off refuses nothing, whatever the bounds say (the tests' and most benches' servers). */
function loadShed(env: Env, poolSize: number): LoadShedLimits {
  const limits = {
    loopDelayMs: int(env, "LOAD_SHED_LOOP_DELAY_MS", 100, 0),
    poolWaitMs: int(env, "LOAD_SHED_POOL_WAIT_MS", 100, 0),
    // Two per connection: enough to keep every connection busy, short enough a queue to wait in (four let the
    // sim's first second at 2,000 players queue past 500 ms more often).
    inFlight: int(env, "LOAD_SHED_IN_FLIGHT", 2 * poolSize, 0),
    // A tenth of the 500 ms an accepted request's p99 must stay under past the machine's capacity (issue 45):
    // the answers hover about the bound, and their slowest hundredth (measured from the client, through a
    // saturated machine) is several times it; 100 left some runs' first seconds past 500 ms.
    latencyMs: int(env, "LOAD_SHED_LATENCY_MS", 50, 1),
  };
  const off = { ...limits, loopDelayMs: 0, poolWaitMs: 0, inFlight: 0 };
  return toggle(env, "LOAD_SHED", "on") === "on" ? limits : off;
}

/** Relative paths in the environment are taken from the cwd, as a shell user expects; defaults from the repo root. */
function dir(raw: string | undefined, fallback: string): string {
  return raw ? path.resolve(raw) : path.join(repoRoot, fallback);
}

/**
 * Settings that hold a secret, each of which may come from a file instead (`DATABASE_URL_FILE=/run/secrets/db`):
 * systemd's credentials and container secrets are files, and a value in a file stays out of `ps e`, the unit
 * file and the shell's history.
 */
export const SECRET_SETTINGS = [
  "DATABASE_URL",
  "LIVE_BUS_URL",
  "MEDIA_S3_URL",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "ZBD_API_KEY",
  "METRICS_TOKEN",
] as const;

/**
 * `env` with each secret setting taken from its `_FILE` when that is set: the file's text without its trailing
 * line break (an editor's or `echo`'s). Both set is a problem naming both: which one wins would be a guess.
 */
function withFileSecrets(env: Env): Env {
  const fromFiles: Env = {};
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problem(`${name} and ${name}_FILE are both set: set one of them`, null);
      continue;
    }
    try {
      fromFiles[name] = readFileSync(file, "utf8").replace(/(\r?\n)+$/, "");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      problem(`${name}_FILE names a file that cannot be read: ${file} (${code})`, null);
    }
  }
  // A proxy rather than a copy: a copy would read every variable, and the README and look-alike checks count
  // what the configuration reads.
  return new Proxy(env, {
    get: (target, name) =>
      typeof name === "string" && name in fromFiles ? fromFiles[name] : target[name as string],
  });
}

/** `stdoutIsTerminal` decides the log's format when LOG_FORMAT leaves it to the output. */
export function loadConfig(env: Env = process.env, stdoutIsTerminal = process.stdout.isTTY === true): Config {
  problems = [];
  try {
    const config = readConfig(env, stdoutIsTerminal);
    if (problems.length > 0) throw new ConfigError(problems.join("\n"));
    return config;
  } finally {
    problems = null;
  }
}

function readConfig(rawEnv: Env, stdoutIsTerminal: boolean): Config {
  const env = withFileSecrets(rawEnv);
  const logFormat = soft(() => chooseLogFormat(env.LOG_FORMAT, stdoutIsTerminal), "json");
  const databasePoolSize = int(env, "DATABASE_POOL_SIZE", 10, 1);
  return {
    port: int(env, "PORT", 3000, 0, 65_535),
    host: env.HOST || "0.0.0.0",
    dataDir: dir(env.DATA_DIR, "data"),
    databaseUrl: soft(() => databaseUrl(env.DATABASE_URL), null),
    databasePoolSize,
    databaseConnectTimeoutMs: int(env, "DATABASE_CONNECT_TIMEOUT_MS", 30_000, 0),
    shutdownGraceMs: int(env, "SHUTDOWN_GRACE_MS", 10_000, 100),
    loadShed: loadShed(env, databasePoolSize),
    mediaS3: soft(() => mediaS3(env), null),
    mediaCache: {
      dir: env.MEDIA_CACHE_DIR
        ? path.resolve(env.MEDIA_CACHE_DIR)
        : path.join(tmpdir(), "bot-arena-media-cache"),
      memoryBytes: int(env, "MEDIA_CACHE_MEMORY_MB", 32, 1) * MB,
      diskBytes: int(env, "MEDIA_CACHE_DISK_MB", 1024, 0) * MB,
    },
    mediaLimits: {
      requests: int(env, "RATE_LIMIT_MEDIA_MAX", 300, 1),
      windowMs: int(env, "RATE_LIMIT_MEDIA_WINDOW_MS", 60_000, 1),
      streamsPerAddress: int(env, "RATE_LIMIT_MEDIA_STREAMS_PER_ADDRESS", 6, 1),
      streams: int(env, "RATE_LIMIT_MEDIA_STREAMS", 64, 1),
      refusalDelayMs: int(env, "RATE_LIMIT_MEDIA_REFUSAL_DELAY_MS", 1000, 0, 60_000),
      // Two and a half times what a WAV track plays at: 1 MiB/s let 12 paced streams double a bystander's p99.
      streamKbPerSecond: int(env, "RATE_LIMIT_MEDIA_STREAM_KB_PER_SECOND", 256, 1),
    },
    liveBusUrl: soft(() => liveBusUrl(env.LIVE_BUS_URL), null),
    adminEmails: list(env.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    ads: toggle(env, "ADS", "on"),
    starterMusic: toggle(env, "STARTER_MUSIC", "on"),
    webDist: dir(env.WEB_DIST, "packages/web/dist"),
    cookieSecure: soft(() => cookieSecure(env.COOKIE_SECURE), "auto"),
    trustProxy: trustProxy(env.TRUST_PROXY),
    trustedOrigins: list(env.TRUSTED_ORIGINS),
    rateLimit: {
      authMax: int(env, "RATE_LIMIT_AUTH_MAX", 10, 1),
      authWindowMs: int(env, "RATE_LIMIT_AUTH_WINDOW_MS", 60_000, 1),
    },
    playerLimits: {
      requests: int(env, "RATE_LIMIT_PLAYER_MAX", 300, 1),
      windowMs: int(env, "RATE_LIMIT_PLAYER_WINDOW_MS", 60_000, 1),
      concurrent: int(env, "RATE_LIMIT_PLAYER_CONCURRENCY", 4, 1),
      concurrentReads: int(
        env,
        "RATE_LIMIT_PLAYER_READ_CONCURRENCY",
        env.DATABASE_URL ? int(env, "RATE_LIMIT_PLAYER_CONCURRENCY", 4, 1) : 1,
        1,
      ),
    },
    passwordHashCost: int(env, "PASSWORD_HASH_COST", DEFAULT_PASSWORD_HASH_COST, 10),
    passwordHashing: {
      workers: int(env, "PASSWORD_HASH_WORKERS", 2, 1),
      queue: int(env, "PASSWORD_HASH_QUEUE", 16, 1),
      niceness: Math.min(19, int(env, "PASSWORD_HASH_NICE", 10, 0)),
      strangerShare: Math.min(100, int(env, "PASSWORD_HASH_STRANGER_SHARE", 50, 1)),
    },
    sessionDays: int(env, "SESSION_DAYS", 30, 1),
    liveHeartbeatMs: int(env, "LIVE_HEARTBEAT_MS", 30_000, 100),
    reconcilerIntervalMs: int(env, "RECONCILER_INTERVAL_MS", 1000, 0),
    economyAuditMinutes: int(env, "ECONOMY_AUDIT_MINUTES", 10, 0),
    adminUploadsPerHour: int(env, "ADMIN_UPLOADS_PER_HOUR", 200, 1),
    imageLibraryTopUp: toggle(env, "IMAGE_LIBRARY_TOP_UP", "on"),
    imageLibraryTopUpIntervalMs: int(env, "IMAGE_LIBRARY_TOP_UP_INTERVAL_MS", 30_000, 0),
    tournament: {
      registrationMinutes: int(env, "TOURNAMENT_REGISTRATION_MINUTES", 10, 1),
      roundSeconds: int(env, "TOURNAMENT_ROUND_SECONDS", 45, 1),
    },
    guildWar: {
      registrationSeconds: int(env, "GUILD_WAR_REGISTRATION_SECONDS", 600, 1),
      battleSeconds: int(env, "GUILD_WAR_BATTLE_SECONDS", 2100, 1),
    },
    guildWarRestHours: int(env, "GUILD_WAR_REST_HOURS", GUILD_WAR_REST_HOURS, 0, 24 * 365),
    checkResponses: toggle(env, "CHECK_RESPONSES", "off") === "on",
    testBattleSeeds: toggle(env, "TEST_BATTLE_SEEDS", "off") === "on",
    testClock: toggle(env, "TEST_CLOCK", "off") === "on",
    push: soft(() => push(env), { vapid: null, subject: null, delaySeconds: 60, testEndpoints: false }),
    testRunnerKill: env.TEST_RUNNER_KILL || null,
    lockOrder: lockOrder(env.LOCK_ORDER),
    logFormat,
    logLevel: env.LOG_LEVEL || (logFormat === "pretty" ? "warn" : "info"),
    cashout: soft(() => cashout(env), cashout({})),
    pvp: {
      shieldAfterLosses: int(env, "PVP_SHIELD_AFTER_LOSSES", DEFAULT_PVP_PROTECTION.shieldAfterLosses, 1),
      shieldHours: int(env, "PVP_SHIELD_HOURS", DEFAULT_PVP_PROTECTION.shieldHours, 0),
      defensesPerDay: int(env, "PVP_DEFENSES_PER_DAY", DEFAULT_PVP_PROTECTION.defensesPerDay, 1),
      refuseLinked: toggle(env, "PVP_REFUSE_LINKED", "on") === "on",
      seasonDays: int(env, "PVP_SEASON_DAYS", PVP_SEASON_DAYS, 1, 365),
    },
    metricsToken: soft(() => metricsToken(env.METRICS_TOKEN), null),
    migrateOnStart: toggle(env, "MIGRATE_ON_START", "on"),
    metricsRouteCpu: toggle(env, "METRICS_ROUTE_CPU", "off"),
  };
}

/**
 * Words only our settings start with: a variable that starts so and is not read is likely a typo. Words other
 * tools share (AWS_, TEST_, LOG_, HOST) are left to the look-alike check.
 */
const OUR_PREFIXES =
  /^(CASHOUT|COOKIE|DATABASE|ECONOMY|GUILD_WAR|IMAGE_LIBRARY|LIVE|LOAD_SHED|MEDIA|METRICS|MIGRATE|PASSWORD_HASH|PUSH|RATE_LIMIT|RECONCILER|SESSION|STARTER|TOURNAMENT|TRUST|VAPID|ZBD)_/;

/** Levenshtein distance, small strings only. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The names loadConfig reads from `env` (and with every optional part on, so conditional ones count too). */
function settingNames(env: Env): Set<string> {
  const asked = new Set<string>();
  const recording = (base: Env) =>
    new Proxy(base, {
      get(target, name) {
        if (typeof name === "string") asked.add(name);
        return target[name as string];
      },
    });
  for (const base of [
    env,
    { CASHOUT_PROVIDER: "zbd", ZBD_API_KEY: "k", MEDIA_S3_URL: "s3://bucket?endpoint=http://127.0.0.1:9000" },
  ]) {
    problems = [];
    try {
      readConfig(recording(base), false);
    } catch {
      // A bad value still read its name.
    } finally {
      problems = null;
    }
  }
  return asked;
}

/**
 * Variables that look like ours but are not read: a prefix of ours or within two letters of a real name
 * (DATABSE_URL), each with the name it probably meant. For a warning at start; nothing refuses to start for it.
 */
export function unknownSettings(env: Env = process.env): string[] {
  const known = settingNames(env);
  return Object.keys(env)
    .filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !known.has(name))
    .flatMap((name) => {
      // Only names with a word break are compared: HOME is no typo of HOST.
      const near = name.includes("_") ? [...known].find((real) => distance(name, real) <= 2) : undefined;
      if (near) return [`${name} is not a setting: did you mean ${near}?`];
      return OUR_PREFIXES.test(name)
        ? [`${name} is not a setting of this server (README, Configuration)`]
        : [];
    });
}
