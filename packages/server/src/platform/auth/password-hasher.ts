// The server's password hashing: scrypt on a few worker threads of its own (platform/worker-pool.ts), in two
// lanes. A sign-in from a device that signed in to that account before, or a signed-in player's password
// change, goes in the "known" lane, served first and with room of its own; everything else (sign-ups, unknown
// devices, unknown emails) in the "unknown" lane. A full lane answers 429 with Retry-After at once, so a flood
// of wrong passwords costs a bounded queue and never the event loop, /api/me or a returning player.
import { authMessages } from "@bot-arena/contract";
import type { FastifyReply } from "fastify";
import type { Config } from "../config";
import { rateLimited, serviceUnavailable } from "../errors";
import { createWorkerPool, type Lane, PoolFullError, WorkerLostError, type WorkerPool } from "../worker-pool";
import type { Derive, ScryptJob } from "./password";

export type { Lane };

/** A request's room in its lane: `derive` runs its scrypt jobs; `release` when the request is done with it. */
export type HashSeat = { derive: Derive; release(): void };

export type PasswordHasher = {
  /** Room for one request's password checks, or 429 RATE_LIMITED with Retry-After (set on `reply`). */
  seat(lane: Lane, reply: FastifyReply): HashSeat;
  /** Runs `work` in a seat and gives the seat back after it. */
  withSeat<T>(lane: Lane, reply: FastifyReply, work: (derive: Derive) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  stats(): ReturnType<WorkerPool<ScryptJob, Uint8Array>["stats"]>;
};

/** Runs inside each worker: scrypt's synchronous form, since the worker has nothing else to do. */
const scryptHandler = `(job) => require("node:crypto").scryptSync(job.password, job.salt, job.keyLength, job.options)`;

export function createPasswordHasher(config: Pick<Config, "passwordHashing">): PasswordHasher {
  const pool = createWorkerPool<ScryptJob, Uint8Array>({
    handler: scryptHandler,
    workers: config.passwordHashing.workers,
    laneSize: config.passwordHashing.queue,
    // The strangers' threads at the lowest priority: in a flood they get what the known lane's thread leaves.
    niceness: {
      known: config.passwordHashing.niceness,
      unknown: config.passwordHashing.niceness > 0 ? 19 : 0,
    },
    unknownShare: config.passwordHashing.strangerShare / 100,
  });

  function seat(lane: Lane, reply: FastifyReply): HashSeat {
    try {
      const taken = pool.seat(lane);
      return {
        // A worker that died mid-hash costs that request a 503 (try again); the pool starts another.
        derive: (job) =>
          taken.run(job).catch((error) => {
            throw error instanceof WorkerLostError ? serviceUnavailable() : error;
          }),
        release: taken.release,
      };
    } catch (error) {
      if (!(error instanceof PoolFullError)) throw error;
      throw rateLimited("password_lanes", authMessages.passwordChecksBusy, { reply, inMs: error.retryInMs });
    }
  }

  return {
    seat,
    async withSeat(lane, reply, work) {
      const taken = seat(lane, reply);
      try {
        return await work(taken.derive);
      } finally {
        taken.release();
      }
    },
    close: pool.close,
    stats: pool.stats,
  };
}
