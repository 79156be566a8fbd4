// Chooses the live bus when the database opens: Redis when LIVE_BUS_URL names one (and with it the Redis the
// rate counters and the chat's pace use), else the database's own LISTEN/NOTIFY.
import { openRedis, type SharedRedis } from "../redis";
import type { LiveBus } from "./bus";
import { redisLiveBus } from "./redis-bus";

type Log = { warn(obj: unknown, msg?: string): void };

export async function openLiveBus(options: {
  liveBusUrl: string | null;
  /** What the deployment's Redis keys and channel are named after: the database (redis.ts `key`). */
  scope: string;
  /** The database's own bus, when there is no LIVE_BUS_URL. */
  own: () => LiveBus;
  log: Log;
}): Promise<{ bus: LiveBus; redis: SharedRedis | null }> {
  if (!options.liveBusUrl) return { bus: options.own(), redis: null };
  const redis = await openRedis(options.liveBusUrl, { scope: options.scope, log: options.log });
  return { bus: redisLiveBus(redis, options.log), redis };
}
