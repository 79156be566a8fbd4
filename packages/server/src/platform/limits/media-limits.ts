// What keeps anonymous downloads from starving everyone else (issue 43): /media needs no session, so without a
// limit a few loops fetching a track from one address held the process's event loop and its database. An
// address may send so many /media requests per window and hold so many streams at once, and all addresses
// together hold at most so many streams in this process; past any of them the answer is 429 with Retry-After,
// a second or so later: a refused download costs a counter and a timer, never a read, and a loop that ignores
// Retry-After is slowed to the pace of its refusals. An admitted anonymous stream is sent at a bounded rate
// (serve.ts). Streams are counted by the process that serves them (what they hold is its own); the rate is
// counted in the players' rate counter (batched-store.ts), which never writes the database per request and is
// shared by every process on one PostgreSQL or Redis.
import type { FastifyReply } from "fastify";
import type { Config } from "../config";
import type { RateCounter } from "./batched-store";
import { limitMessages, refuse } from "./request-limits";

/**
 * Each whole MiB of an answer counts as one more request of its address's rate: a loop of whole 19 MB tracks
 * is a loop of 20 requests each, so an address at the default 300 a minute downloads some 5 MB a second, not
 * hundreds, while a picture (or a listener's one stream of a track) costs what a request costs.
 */
export const MEDIA_BYTES_PER_REQUEST = 1024 * 1024;
/** A stream refused for the caps asks the client back this soon: streams end in seconds, not a window. */
const STREAM_RETRY_MS = 1000;
/**
 * Refusals waiting out their delay at once; past this many a refusal is answered at once. Each holds a timer
 * and an idle socket, never a read.
 */
const MAX_DELAYED_REFUSALS = 4096;
/** The rate's key: not a player's (`player:`) nor a sign-in route's (`address:`). */
const MEDIA_RATE_PREFIX = "media:";

export type MediaLimits = ReturnType<typeof createMediaLimits>;

/**
 * Each refusal waits between the whole delay and half as long again: refused together, loops would come back
 * together, and answering forty refusals in one turn of the event loop, every second, was the bystander's tail.
 */
const spread = () => 1 + Math.random() / 2;

export function createMediaLimits(deps: {
  rate: RateCounter;
  config: Pick<Config, "mediaLimits">;
  /** A factor of the refusal delay, from 1 to 1.5 (the tests' is fixed). */
  jitter?: () => number;
}) {
  const jitter = deps.jitter ?? spread;
  const { requests, windowMs, streamsPerAddress, streams, refusalDelayMs, streamKbPerSecond } =
    deps.config.mediaLimits;
  const byAddress = new Map<string, number>();
  let total = 0;
  let delayed = 0;

  /**
   * A refusal is answered after `refusalDelayMs`: a loop that ignores Retry-After then asks once per delay on
   * each of its connections. Answered at once, 40 such loops asked thousands of times a second, and answering
   * them took the event loop from everyone else (docs/performance-history.md, issue 43).
   */
  async function refuseLater(error: unknown): Promise<never> {
    if (refusalDelayMs > 0 && delayed < MAX_DELAYED_REFUSALS) {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs * jitter()));
      delayed -= 1;
    }
    throw error;
  }

  function release(address: string) {
    total -= 1;
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left === 0) byAddress.delete(address);
    else byAddress.set(address, left);
  }

  return {
    /**
     * Admits one anonymous /media request from `address` or throws 429; resolves with the function that gives
     * its stream back (when the answer is sent or the client goes away).
     */
    async admitAnonymous(address: string, reply: FastifyReply): Promise<() => void> {
      if (total >= streams || (byAddress.get(address) ?? 0) >= streamsPerAddress) {
        return refuseLater(refuse(reply, "media", limitMessages.tooManyAtOnce, STREAM_RETRY_MS));
      }
      // Taken before the rate is counted: requests arriving meanwhile see it.
      total += 1;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      let released = false;
      const giveBack = () => {
        if (released) return;
        released = true;
        release(address);
      };
      try {
        const hit = await deps.rate.hit(`${MEDIA_RATE_PREFIX}${address}`, windowMs);
        if (hit.count > requests) throw refuse(reply, "media", limitMessages.tooFast, hit.resetInMs);
      } catch (error) {
        giveBack();
        return refuseLater(error);
      }
      return giveBack;
    },

    /**
     * Charges an admitted request for the bytes it is about to be sent (MEDIA_BYTES_PER_REQUEST): 429 when
     * they take the address past its rate.
     */
    async chargeBytes(address: string, bytes: number, reply: FastifyReply): Promise<void> {
      const cost = Math.floor(bytes / MEDIA_BYTES_PER_REQUEST);
      if (cost === 0) return;
      const hit = await deps.rate.hit(`${MEDIA_RATE_PREFIX}${address}`, windowMs, cost);
      if (hit.count > requests)
        return refuseLater(refuse(reply, "media", limitMessages.tooFast, hit.resetInMs));
    },

    /** How fast an anonymous answer streamed from a local copy or the store is sent. */
    streamBytesPerSecond: streamKbPerSecond * 1024,

    /** Refusals waiting out their delay now (tests and operators). */
    delayedRefusals: (): number => delayed,

    /** Anonymous streams open now in this process, of all addresses or of one (tests and operators). */
    streams: (address?: string): number => (address === undefined ? total : (byAddress.get(address) ?? 0)),
  };
}
