// Idempotency keys (the way Stripe does it): a state change sent with `Idempotency-Key` acts at most once for
// its player; a repeat with the same key and body gets the first answer again. The server's side is
// packages/server/src/platform/idempotency/; the web client sends a fresh key per action (web/src/app/api.ts).
// No zod here: the web's main chunk may import this module without bringing zod along.

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set (to "true") on an answer that is a stored one, replayed for a repeated key. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";
/** How long a key is remembered; an older one acts anew. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** 1 to 64 visible ASCII characters (no space): a UUID fits, and so does any client's own scheme. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,64}$/;

export const idempotencyMessages = {
  invalidKey:
    "Idempotency-Key must be 1 to 64 visible ASCII characters (letters, digits, punctuation; no spaces)",
  otherRequest: (request: string) =>
    `This Idempotency-Key was already used for another request (${request}): send a new key for a new action`,
  otherBody: "This Idempotency-Key was already used with a different body: send a new key for a new action",
  inProgress: "A request with this key is still in progress",
  alreadyDone: "This action was already done, but its answer was lost: reload to see the result",
} as const;
