// What keeps one player (or one address) from starving the rest: a rate per player over every signed-in API
// route, a cap on a player's requests in flight (extra ones wait their turn briefly), a smaller cap on their
// reads in flight (one at a time on PGlite, whose single thread runs every query: a player's 64 parallel reads
// then queue behind each other, not in front of everyone else), and the per-address limit of routes such as
// sign-in and sign-up. Rates are counted in the shared store; requests in flight are
// counted by the process that serves them, since what they hold (its event loop, its connection pool) is that
// process's. Both are checked once on the session cookie before the session is looked up, so a flood from one
// session costs the database nothing beyond the cap: a refused request never reaches it.
import type { FastifyReply } from "fastify";
import type { Config } from "../config";
import { type Limiter, rateLimited } from "../errors";
import type { RateCounter } from "./batched-store";
import type { LimitStore } from "./store";

export const limitMessages = {
  tooFast: "You are doing that too fast. Please wait a few seconds and try again.",
  tooManyAtOnce: "Too many requests at once. Please wait a moment and try again.",
  attempts: "Too many attempts, please try again later",
} as const;

/**
 * What one expensive list read (the leaderboard, the marketplace, a page of history: routes registered with
 * `expensiveRead`) costs of a player's rate, in requests. At the default 300 a minute a player may read 60 such
 * lists a minute; a page shows one or two, so only a loop of them meets the limit. On PGlite each read is
 * queries on the event loop every request shares: with no rate, one player's loop of them slowed everyone's
 * answers 5 to 120-fold, and charged 1 each a player could still ask for 300 lists a minute
 * (docs/performance-history.md, issue 27 item 3).
 */
export const EXPENSIVE_READ_COST = 5;

/** Requests of one player that may wait for a slot; more are refused at once. */
const MAX_WAITING = 32;
/** How long a waiting request waits for a slot before it is refused. */
const MAX_WAIT_MS = 10_000;

/** Refuses with 429 and tells the client when to come back. */
export const refuse = (reply: FastifyReply, limiter: Limiter, message: string, inMs: number) =>
  rateLimited(limiter, message, { reply, inMs });

type Slots = { running: number; waiting: Array<() => void> };

export type RequestLimits = ReturnType<typeof createRequestLimits>;

/** The key under which a player's requests are counted. */
const PLAYER_RATE_PREFIX = "player:";

export function createRequestLimits(deps: {
  store: LimitStore;
  playerRate: RateCounter;
  config: Pick<Config, "playerLimits"> & { mediaLimits?: Pick<Config["mediaLimits"], "streamsPerAddress"> };
}) {
  const { store, playerRate } = deps;
  const { requests, windowMs, concurrent, concurrentReads } = deps.config.playerLimits;
  const mediaStreams = deps.config.mediaLimits?.streamsPerAddress ?? concurrent;
  const slots = new Map<string, Slots>();
  /** Sessions whose player is past the rate, until when: refused before any database work. */
  const overRate = new Map<string, number>();

  function release(key: string) {
    const entry = slots.get(key);
    if (!entry) return;
    const next = entry.waiting.shift();
    // The slot passes to the next waiter, so `running` stays at the cap while anyone waits. It passes on the
    // loop's next turn, after the sockets are read: handed over at once, a player's queue of requests would run
    // one after another in one turn (PGlite's queries run on this thread), and nobody else's request would even
    // be read until that queue was empty.
    if (next) setImmediate(next);
    else if (--entry.running === 0) slots.delete(key);
  }

  /** Waits for one of the key's `cap` slots (or throws 429); resolves with the function that gives it back. */
  async function takeSlot(key: string, reply: FastifyReply, cap = concurrent): Promise<() => void> {
    const entry = slots.get(key) ?? { running: 0, waiting: [] };
    slots.set(key, entry);
    if (entry.running < cap) {
      entry.running += 1;
    } else {
      if (entry.waiting.length >= MAX_WAITING)
        throw refuse(reply, "player_concurrency", limitMessages.tooManyAtOnce, 1000);
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          const at = entry.waiting.indexOf(wake);
          // Not waiting any more: the slot is already on its way to this request (next turn of the loop).
          if (at < 0) return;
          entry.waiting.splice(at, 1);
          reject(refuse(reply, "player_concurrency", limitMessages.tooManyAtOnce, 1000));
        }, MAX_WAIT_MS);
        entry.waiting.push(wake);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release(key);
    };
  }

  function rememberOverRate(session: string, untilMs: number) {
    const now = Date.now();
    if (overRate.size >= 10_000) for (const [key, until] of overRate) if (until <= now) overRate.delete(key);
    overRate.set(session, now + untilMs);
  }

  async function countPlayer(userId: string, reply: FastifyReply, session: string | undefined, cost: number) {
    const hit = await playerRate.hit(`${PLAYER_RATE_PREFIX}${userId}`, windowMs, cost);
    if (hit.count > requests) {
      // The session's next requests are refused before they reach the database, until the window ends.
      if (session) rememberOverRate(session, hit.resetInMs);
      throw refuse(reply, "player_rate", limitMessages.tooFast, hit.resetInMs);
    }
  }

  return {
    /**
     * Admits one request of a signed-in player: counts it against the player's rate (as `cost` requests: see
     * EXPENSIVE_READ_COST), then takes a slot. The caller gives the slot back when the response ends (or the
     * client goes away).
     */
    async admitPlayer(userId: string, reply: FastifyReply, session?: string, cost = 1): Promise<() => void> {
      await countPlayer(userId, reply, session, cost);
      return takeSlot(userId, reply);
    },

    /**
     * A signed-in player's /media request: counted in the player's rate like any request, but holding one of
     * the player's media streams rather than an API slot, so music playing (a stream a browser may hold open
     * for minutes) never leaves the player's own pages waiting.
     */
    async admitPlayerMedia(userId: string, reply: FastifyReply, session?: string): Promise<() => void> {
      await countPlayer(userId, reply, session, 1);
      return takeSlot(`media:${userId}`, reply, mediaStreams);
    },

    /**
     * Before the session is looked up: refuses a session already known to be past its player's rate, and
     * takes one of the session's slots, so a flood from one session waits or is refused without costing the
     * database a lookup per request. Resolves with the function that gives the slot back.
     */
    async admitSession(session: string, reply: FastifyReply): Promise<() => void> {
      const until = overRate.get(session);
      if (until !== undefined) {
        if (until > Date.now()) throw refuse(reply, "player_rate", limitMessages.tooFast, until - Date.now());
        overRate.delete(session);
      }
      return takeSlot(`session:${session}`, reply);
    },

    /**
     * A player's read (a GET) takes one of their read slots as well, after `admitPlayer`: past the cap it waits
     * its turn like any request past the cap, then 429.
     */
    admitRead: (userId: string, reply: FastifyReply): Promise<() => void> =>
      takeSlot(`read:${userId}`, reply, concurrentReads),

    /** Counts one attempt of an address on a limited route (sign-in, sign-up); 429 past `limit.max`. */
    async admitAddress(
      route: string,
      address: string,
      limit: { max: number; timeWindowMs: number },
      reply: FastifyReply,
    ): Promise<void> {
      const hit = await store.hit(`address:${route}:${address}`, limit.timeWindowMs);
      if (hit.count > limit.max) throw refuse(reply, "address", limitMessages.attempts, hit.resetInMs);
    },

    /** The counter store, for other limits that must be counted across processes (password guessing). */
    store,

    /** The players' rate counter; the app stops it (after a last flush) when it closes. */
    playerRate,

    /** Requests in flight in this process, per player (for tests and operators). */
    inFlight: (userId: string) => slots.get(userId)?.running ?? 0,
    /** Requests waiting for one of the player's slots in this process. */
    waiting: (userId: string) => slots.get(userId)?.waiting.length ?? 0,
    readsInFlight: (userId: string) => slots.get(`read:${userId}`)?.running ?? 0,
    mediaInFlight: (userId: string) => slots.get(`media:${userId}`)?.running ?? 0,
  };
}
