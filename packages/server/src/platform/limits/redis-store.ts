// The rate counters in Redis (LIVE_BUS_URL): one atomic script per hit, exact across every process and with no
// database write at all. A fixed window from a key's first hit, as in the database's store: the key expires with
// its window. While Redis is down (or slow) each hit goes to the database's store instead (redis.ts `attempt`),
// so a limit still holds; a key's count restarts there, which can let a player a window's worth more through
// once per outage.
import type { SharedRedis } from "../redis";
import type { RateCounter } from "./batched-store";
import type { Hit, LimitStore } from "./store";

/** INCRBY the cost, the window's expiry on the first hit (a new key has none), and the time left. */
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return false end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

const asHit = ([count, ttl]: [number, number]): Hit => ({ count, resetInMs: Math.max(0, ttl) });

export function redisLimitStores(
  redis: SharedRedis,
  fallback: { store: LimitStore; playerRate: RateCounter },
): { store: LimitStore; playerRate: RateCounter } {
  const key = (name: string) => redis.key(`rate:${name}`);
  /** A hit counted in Redis, or by `otherwise` while Redis is down. */
  const counted =
    (otherwise: LimitStore["hit"]): LimitStore["hit"] =>
    (name, windowMs, cost = 1) =>
      redis.attempt(
        async (client) => asHit((await client.eval(HIT, 1, key(name), windowMs, cost)) as [number, number]),
        () => otherwise(name, windowMs, cost),
      );
  return {
    store: {
      hit: counted(fallback.store.hit),
      peek: (name) =>
        redis.attempt(
          async (client) => {
            const answer = (await client.eval(PEEK, 1, key(name))) as [number, number] | null;
            return answer ? asHit(answer) : null;
          },
          () => fallback.store.peek(name),
        ),
      reset: (name) =>
        redis.attempt(
          async (client) => {
            await client.del(key(name));
          },
          () => fallback.store.reset(name),
        ),
    },
    playerRate: {
      // Exact on Redis: nothing is held back for a flush (the fallback's flush sends what an outage left).
      hit: counted(fallback.playerRate.hit),
      flush: () => fallback.playerRate.flush(),
      stop: () => fallback.playerRate.stop(),
    },
  };
}
