// Server configuration from the environment: one typed object, read once at start-up.

import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this file's location so the server behaves the same from any cwd. */
export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export type Toggle = "on" | "off";

export type Config = {
  port: number;
  host: string;
  /** Where PGlite keeps its files and media (music, images) are stored. */
  dataDir: string;
  /** node-postgres instead of the embedded PGlite when set. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Lower-cased addresses that become admins when they sign up or sign in. */
  adminEmails: string[];
  ads: Toggle;
  starterMusic: Toggle;
  webDist: string;
  /** "auto" marks the session cookie Secure when the request came over HTTPS. */
  cookieSecure: "auto" | "always" | "never";
  /** Fastify trustProxy: true, false, or the proxies' addresses. Needed behind a TLS-terminating proxy. */
  trustProxy: boolean | string[];
  /** Extra origins allowed to send state-changing requests (besides the server's own host). */
  trustedOrigins: string[];
  rateLimit: { authMax: number; authWindowMs: number };
  /** log2 of scrypt's N; lower only in tests. */
  passwordHashCost: number;
  sessionDays: number;
  liveHeartbeatMs: number;
  /** Parse every route's answer with its contract schema (tests; costs time in production). */
  checkResponses: boolean;
  logLevel: string;
};

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer >= ${min}`);
  return value;
}

function toggle(env: Env, name: string, fallback: Toggle): Toggle {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["on", "true", "1", "yes"].includes(raw)) return "on";
  if (["off", "false", "0", "no"].includes(raw)) return "off";
  throw new ConfigError(`${name} must be on or off`);
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
  throw new ConfigError("COOKIE_SECURE must be auto, on or off");
}

function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim().toLowerCase();
  if (!value || ["off", "false", "0", "no"].includes(value)) return false;
  if (["on", "true", "1", "yes"].includes(value)) return true;
  return list(value); // addresses or CIDR ranges of the proxies
}

/** Relative paths in the environment are taken from the cwd, as a shell user expects; defaults from the repo root. */
function dir(raw: string | undefined, fallback: string): string {
  return raw ? path.resolve(raw) : path.join(repoRoot, fallback);
}

export function loadConfig(env: Env = process.env): Config {
  return {
    port: int(env, "PORT", 3000),
    host: env.HOST || "0.0.0.0",
    dataDir: dir(env.DATA_DIR, "data"),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: int(env, "DATABASE_POOL_SIZE", 10, 1),
    adminEmails: list(env.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    ads: toggle(env, "ADS", "on"),
    starterMusic: toggle(env, "STARTER_MUSIC", "on"),
    webDist: dir(env.WEB_DIST, "packages/web/dist"),
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
    trustProxy: trustProxy(env.TRUST_PROXY),
    trustedOrigins: list(env.TRUSTED_ORIGINS),
    rateLimit: {
      authMax: int(env, "RATE_LIMIT_AUTH_MAX", 10, 1),
      authWindowMs: int(env, "RATE_LIMIT_AUTH_WINDOW_MS", 60_000, 1),
    },
    passwordHashCost: int(env, "PASSWORD_HASH_COST", 15, 10),
    sessionDays: int(env, "SESSION_DAYS", 30, 1),
    liveHeartbeatMs: int(env, "LIVE_HEARTBEAT_MS", 30_000, 100),
    checkResponses: toggle(env, "CHECK_RESPONSES", "off") === "on",
    logLevel: env.LOG_LEVEL || "info",
  };
}
