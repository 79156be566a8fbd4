// A state change sent with an Idempotency-Key (docs/ARCHITECTURE.md, "Idempotency keys"): a key seen before
// is answered from its row without running the handler; a new one runs the handler inside a `KeyedRequest`,
// whose first transaction claims the key (claim.ts), and the answer is written into the row right after.
import { createHash } from "node:crypto";
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyPattern,
  idempotencyMessages,
} from "@bot-arena/contract";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import { AppError, errorBodyOf, toAppError } from "../errors";
import type { UserId } from "../ids";
import { type KeyedRequest, runKeyed } from "./claim";
import { type KeyOf, type KeyRow, readKey, saveAnswer, saveUnclaimedAnswer, sweepKeys } from "./store";

/** A repeat waits this long, in growing steps, for the first request's answer to be written. */
const SETTLE_WAITS_MS = [10, 20, 40, 80, 160, 320, 640, 1000, 1000];
/** A claim still without its answer after this long belongs to a request that will never write one. */
const ABANDONED_AFTER_MS = 5 * 60_000;
/** Every this many answers written, this process deletes a batch of expired keys beside the request. */
const SWEEP_EVERY = 200;
const SWEEP_BATCH = 1_000;

const JSON_TYPE = "application/json; charset=utf-8";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type IdempotentRequests = {
  /**
   * Runs `handle` (the route's parse, handler and contract check) for a request carrying `header` as its
   * key, or answers from the key's row; resolves with the JSON text to send (status and type already set).
   */
  run(
    request: FastifyRequest,
    reply: FastifyReply,
    playerId: UserId,
    header: string | string[],
    handle: () => Promise<unknown>,
  ): Promise<string>;
};

export function createIdempotentRequests(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  const { db, clock, log } = deps;
  let saved = 0;

  async function settled(k: KeyOf, row: KeyRow | null): Promise<KeyRow | null> {
    for (const wait of SETTLE_WAITS_MS) {
      if (row && row.status !== null) return row;
      await sleep(wait);
      row = await readKey(db, k);
    }
    return row;
  }

  /**
   * The stored answer of the same request, or the refusal of a mismatched one. A claim still without its answer
   * after the settling wait answers from its stored effect (`replay`); only a claim without one (its effect could
   * not be kept, or it was written before effects were) answers 409: in progress while young, done after that.
   */
  async function answerFrom(
    reply: FastifyReply,
    k: KeyOf,
    found: KeyRow | null,
    replay: (row: KeyRow) => Promise<string | null>,
  ): Promise<string> {
    if (found && found.request !== k.request) {
      throw new AppError(422, "IDEMPOTENCY_KEY_REUSED", idempotencyMessages.otherRequest(found.request));
    }
    if (found && found.bodyHash !== k.bodyHash) {
      throw new AppError(422, "IDEMPOTENCY_KEY_REUSED", idempotencyMessages.otherBody);
    }
    const abandoned = (row: KeyRow | null) =>
      row !== null && k.now.getTime() - row.createdAt.getTime() > ABANDONED_AFTER_MS;
    const row = abandoned(found) ? found : await settled(k, found);
    if (row?.status == null || row.response === null) {
      const replayed = row?.effect ? await replay(row) : null;
      if (replayed !== null) return replayed;
      throw abandoned(row)
        ? new AppError(409, "ALREADY_DONE", idempotencyMessages.alreadyDone)
        : new AppError(409, "IDEMPOTENCY_IN_PROGRESS", idempotencyMessages.inProgress);
    }
    reply.code(row.status).header(IDEMPOTENT_REPLAYED_HEADER, "true").type(JSON_TYPE);
    return row.response;
  }

  /**
   * The answer of a claim whose answer was never stored (its process died after the commit), made by running
   * the handler again with the claim's transaction answered by its stored effect (claim.ts), then stored as the
   * answer. Null when it cannot be made so (the handler took another path, a second transaction, a refusal
   * before reaching its transaction, a failure): the repeat then answers 409 as before.
   */
  async function replayFromEffect(
    reply: FastifyReply,
    k: KeyedRequest,
    row: KeyRow,
    handle: () => Promise<unknown>,
  ): Promise<string | null> {
    const keyed: KeyedRequest = {
      ...k,
      now: row.createdAt,
      state: "replaying",
      effect: row.effect ?? undefined,
      closed: false,
    };
    let result: unknown;
    try {
      result = await runKeyed(keyed, handle);
    } catch (error) {
      const refusal = toAppError(error);
      // A refusal after the replayed transaction is the answer, as it would have been the first time.
      if (keyed.state === "replayed" && refusal && refusal.status < 500) {
        keyed.state = "claimed";
        await save(keyed, ...failureAnswer(error));
        throw error;
      }
      log.warn({ err: error, key: k.key }, "idempotency: no answer from the stored effect");
      return null;
    } finally {
      keyed.closed = true;
    }
    if (keyed.state !== "replayed") return null;
    keyed.state = "claimed";
    const text = JSON.stringify(result);
    await save(keyed, reply.statusCode, text);
    reply.header(IDEMPOTENT_REPLAYED_HEADER, "true").type(JSON_TYPE);
    return text;
  }

  /** Writes the answer; a failure costs the repeats their replay (they answer 409), never this answer. */
  async function save(keyed: KeyedRequest, status: number, response: string): Promise<void> {
    try {
      // Only into this request's own committed claim: where the commit is uncertain, nothing if it never was.
      if (keyed.state === "claimed" || keyed.uncertain) await saveAnswer(db, keyed, status, response);
      else if (keyed.state === "open") await saveUnclaimedAnswer(db, keyed, status, response);
      else return;
    } catch (error) {
      log.warn({ err: error }, "idempotency: answer not stored");
      return;
    }
    if (++saved % SWEEP_EVERY === 0) {
      sweepKeys(db, keyed.cutoff, SWEEP_BATCH).catch((error: unknown) =>
        log.warn({ err: error }, "idempotency: sweep failed"),
      );
    }
  }

  /**
   * The handler failed after its claim committed: the action happened. A refusal (4xx) is its answer; after a
   * 5xx nobody knows the answer, so repeats hear that the action was done.
   */
  function failureAnswer(error: unknown): [number, string] {
    const refusal = toAppError(error);
    if (refusal && refusal.status < 500) return [refusal.status, JSON.stringify(errorBodyOf(refusal))];
    const lost = new AppError(409, "ALREADY_DONE", idempotencyMessages.alreadyDone);
    return [lost.status, JSON.stringify(errorBodyOf(lost))];
  }

  const requests: IdempotentRequests = {
    async run(request, reply, playerId, header, handle) {
      if (typeof header !== "string" || !idempotencyKeyPattern.test(header)) {
        throw new AppError(400, "IDEMPOTENCY_KEY_INVALID", idempotencyMessages.invalidKey);
      }
      const now = clock.now();
      const keyed: KeyedRequest = {
        playerId,
        key: header,
        request: `${request.method} ${request.url}`,
        bodyHash: createHash("sha256")
          .update(JSON.stringify(request.body ?? null))
          .digest("hex"),
        now,
        cutoff: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
        state: "open",
        closed: false,
      };
      const replay = (row: KeyRow) => replayFromEffect(reply, keyed, row, handle);
      const earlier = await readKey(db, keyed);
      if (earlier) return answerFrom(reply, keyed, earlier, replay);
      let result: unknown;
      try {
        result = await runKeyed(keyed, handle);
      } catch (error) {
        if (keyed.state === "taken") return answerFrom(reply, keyed, await readKey(db, keyed), replay);
        if (keyed.state === "claimed" || keyed.uncertain) await save(keyed, ...failureAnswer(error));
        throw error;
      } finally {
        // Work the handler left running must not claim the key after it.
        keyed.closed = true;
      }
      // A service that caught the claim's refusal answered for an action it never did: the row has the answer.
      if (keyed.state === "taken") return answerFrom(reply, keyed, await readKey(db, keyed), replay);
      const text = JSON.stringify(result);
      await save(keyed, reply.statusCode, text);
      reply.type(JSON_TYPE);
      return text;
    },
  };
  return requests;
}
