// Password hashing with scrypt (memory-hard). The stored string carries its own parameters and salt, so the
// cost can rise later: a hash made at a lower cost is replaced at the player's next sign-in. Where scrypt runs
// is passed in (`Derive`): the server runs it on its own worker threads (password-hasher.ts); tests and the
// bench's set-up may run it here.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;
const R = 8;
const P = 1;
/** OWASP's scrypt parameters: N = 2^17, r = 8, p = 1 (128 MiB of memory per hash). */
export const DEFAULT_PASSWORD_HASH_COST = 17;

export type ScryptParams = { N: number; r: number; p: number };

/** What one scrypt run needs: the password already normalized, so every runner hashes the same bytes. */
export type ScryptJob = { password: string; salt: Uint8Array; keyLength: number; options: ScryptOptions };

/** Runs one scrypt job; resolves with the derived key. */
export type Derive = (job: ScryptJob) => Promise<Uint8Array>;

/** scrypt needs 128 * N * r bytes; node refuses more than 32 MiB unless maxmem says otherwise. */
const maxmem = (N: number, r: number) => 128 * N * r + 1024 * 1024;

function jobFor(password: string, salt: Uint8Array, params: ScryptParams): ScryptJob {
  return {
    password: password.normalize("NFKC"),
    salt,
    keyLength: KEY_LENGTH,
    options: { ...params, maxmem: maxmem(params.N, params.r) },
  };
}

/**
 * scrypt on libuv's shared threadpool of this process, which fs and dns use too: for tests and the bench's
 * set-up, never for a request (the server passes its workers' `derive`).
 */
export const deriveHere: Derive = (job) =>
  new Promise((resolve, reject) => {
    scrypt(job.password, job.salt, job.keyLength, job.options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** `cost` is log2 of scrypt's N (17: 128 MiB of memory per hash). */
export async function hashPassword(
  password: string,
  cost: number,
  derive: Derive = deriveHere,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(jobFor(password, salt, { N: 2 ** cost, r: R, p: P }));
  return `scrypt$${2 ** cost}$${R}$${P}$${salt.toString("base64url")}$${Buffer.from(key).toString("base64url")}`;
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt, key };
}

export async function verifyPassword(
  password: string,
  stored: string,
  derive: Derive = deriveHere,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, "base64url");
  const { N, r, p } = parsed;
  const actual = await derive(jobFor(password, Buffer.from(parsed.salt, "base64url"), { N, r, p }));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * True when a stored hash is weaker than `cost` asks (a smaller N, or other r or p): the sign-in that just
 * proved the password then stores a new hash. A hash stronger than a lowered test cost is kept.
 */
export function needsRehash(stored: string, cost: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < 2 ** cost || parsed.r !== R || parsed.p !== P;
}

/**
 * A stored hash for unknown emails to be checked against, so "no such account" costs one scrypt run like
 * "wrong password" and response times do not reveal which emails have accounts. Its key is random bytes, not a
 * hash of anything: it costs nothing to make and no password matches it.
 */
export function dummyHash(cost: number): string {
  const part = (bytes: number) => randomBytes(bytes).toString("base64url");
  return `scrypt$${2 ** cost}$${R}$${P}$${part(16)}$${part(KEY_LENGTH)}`;
}
