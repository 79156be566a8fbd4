// The process's Redis when LIVE_BUS_URL names one: the live bus publishes on it (live/redis-bus.ts), and the
// per-player rate counters and the chat's pace count in it, exact across processes. Redis is never in a
// request's way: while it is down (or answers nothing for a second) every count falls back at once to the
// database's way of doing the same thing, events are dropped (the sockets resync when the bus is back), and the
// connections come back by themselves. Everything kept in Redis is worth seconds: it may restart empty.
import { Redis, type RedisOptions } from "ioredis";

type Log = { warn(obj: unknown, msg?: string): void };

/** A command that has not answered by then counts as Redis being down. */
export const COMMAND_TIMEOUT_MS = 1_000;
/** After a failed command, uses go straight to their fallback for this long before Redis is tried again. */
export const DOWN_FOR_MS = 1_000;
/** How long opening waits for the first connection before the process starts without it (and keeps trying). */
const FIRST_CONNECT_WAIT_MS = 3_000;

export type SharedRedis = {
  /** The connection for commands (never subscribed). */
  client: Redis;
  /**
   * `name` under this deployment's prefix: `bot-arena:<database>:`, so processes on one database share their keys
   * and channel, and another database on the same Redis (a test file's, a staging copy) never meets them.
   */
  key(name: string): string;
  /** Runs `work` on Redis, or `fallback` when Redis is down, has just failed, or fails now. */
  attempt<T>(work: (client: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T>;
  /** Whether commands go to Redis now. */
  up(): boolean;
  /** A new connection with the same settings, for SUBSCRIBE (a subscribed connection runs no commands). */
  duplicate(options?: RedisOptions): Redis;
  close(): Promise<void>;
};

/** Redis' URL as the log may show it: without a password. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

export const redisOptions: RedisOptions = {
  // A command while disconnected fails at once instead of waiting in a queue: its caller falls back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  // Reconnect for ever, 100 ms more each try, at most every 2 s.
  retryStrategy: (times) => Math.min(times * 100, 2_000),
  connectionName: "bot-arena",
};

export async function openRedis(url: string, options: { scope: string; log: Log }): Promise<SharedRedis> {
  const { log } = options;
  const client = new Redis(url, redisOptions);
  let downUntil = 0;
  let down = false;
  // Once per outage, not once per retry or per failed command.
  const markDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error, redis: redactedUrl(url) },
      "redis unreachable: live events are not sent, rate limits and the chat's pace count in the database until it is back",
    );
  };
  const markUp = () => {
    downUntil = 0;
    if (!down) return;
    down = false;
    log.warn({ redis: redactedUrl(url) }, "redis reachable again");
  };
  // Without a listener ioredis prints every connection error itself.
  client.on("error", markDown);
  client.on("ready", markUp);
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), FIRST_CONNECT_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!(await ready)) markDown(new Error(`no connection within ${FIRST_CONNECT_WAIT_MS} ms`));

  const prefix = `bot-arena:${options.scope}:`;
  const up = () => client.status === "ready" && Date.now() >= downUntil;
  return {
    client,
    key: (name) => `${prefix}${name}`,
    up,
    async attempt(work, fallback) {
      if (!up()) return fallback();
      let answer: Awaited<ReturnType<typeof work>>;
      try {
        answer = await work(client);
      } catch (error) {
        downUntil = Date.now() + DOWN_FOR_MS;
        markDown(error);
        return fallback();
      }
      markUp();
      return answer;
    },
    duplicate: (extra) => client.duplicate({ ...redisOptions, ...extra }),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
