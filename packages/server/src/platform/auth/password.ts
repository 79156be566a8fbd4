// Password hashing with node's scrypt (memory-hard). The stored string carries its own parameters and salt,
// so the cost can rise later: a hash made at a lower cost is replaced at the player's next sign-in.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;
const R = 8;
const P = 1;
/** OWASP's scrypt parameters: N = 2^17, r = 8, p = 1 (128 MiB of memory per hash). */
export const DEFAULT_PASSWORD_HASH_COST = 17;
/**
 * Hashes at once. Each takes 128 * N * r bytes (128 MiB at the default), so a burst of sign-ins must not
 * multiply that: two at a time keep the peak near 256 MiB; the rest wait their turn.
 */
const MAX_CONCURRENT_HASHES = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return oneAtATime(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** scrypt needs 128 * N * r bytes; node refuses more than 32 MiB unless maxmem says otherwise. */
const maxmem = (N: number, r: number) => 128 * N * r + 1024 * 1024;

/** `cost` is log2 of scrypt's N (17: 128 MiB of memory per hash). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt, key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, "base64url");
  const actual = await derive(password, Buffer.from(parsed.salt, "base64url"), {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmem(parsed.N, parsed.r),
  });
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
 * A hash to check unknown emails against, so "no such account" takes as long as "wrong password"
 * and response times do not reveal which emails have accounts.
 */
export function dummyHasher(cost: number) {
  let dummy: Promise<string> | null = null;
  return () => {
    dummy ??= hashPassword(randomBytes(16).toString("hex"), cost);
    return dummy;
  };
}
