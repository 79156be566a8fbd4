// The effect a claim keeps: what the claiming transaction returned, written into the key's row inside that
// transaction (claim.ts), so it commits exactly when the action does. The answer itself is made after the commit
// and stored after it (requests.ts); a process that dies in between leaves a claim with an effect and no answer,
// and a repeat then runs the handler again with the transaction's work replaced by this value: the answer is
// made from what was done, and nothing is done twice.
//
// Serialized with V8's structured clone (node:v8), which keeps what transactions return (objects, arrays,
// numbers, strings, Dates, bigints, Maps) without a schema per route; a value it cannot keep (a function, a
// class's methods) or one too large to be worth a row is simply not kept, and a repeat answers as before (409).
import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";

/** An effect larger than this is not kept: transactions return a few rows, never a page of them. */
export const EFFECT_MAX_BYTES = 64 * 1024;

/**
 * Which transaction the effect is of: a hash of its work function's source. A repeat replays the effect only
 * into the same work, so a handler that took another path this time (or another version of the code) is never
 * handed a value of the wrong shape.
 */
export const workFingerprint = (work: (...args: never[]) => unknown): string =>
  createHash("sha256").update(work.toString()).digest("hex").slice(0, 32);

/** The effect as stored, or null when it cannot be kept. */
export function encodeEffect(fingerprint: string, value: unknown): Uint8Array | null {
  try {
    const bytes = serialize({ of: fingerprint, value });
    return bytes.byteLength <= EFFECT_MAX_BYTES ? bytes : null;
  } catch {
    // A function, a symbol or a class instance with private state: not kept.
    return null;
  }
}

/** The stored effect, or null when it is unreadable (it was written by another version of node). */
export function decodeEffect(bytes: Uint8Array): { of: string; value: unknown } | null {
  try {
    const decoded = deserialize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as {
      of?: unknown;
      value?: unknown;
    };
    return typeof decoded?.of === "string" ? { of: decoded.of, value: decoded.value } : null;
  } catch {
    return null;
  }
}
