// Password hashing with node's scrypt (memory-hard). The stored string carries its own parameters and salt,
// so the cost can rise later without invalidating old hashes.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** 128 * N * r bytes of memory; leave headroom over node's 32 MiB default. */
const maxmem = (N: number, r: number) => 256 * N * r;

/** `cost` is log2 of scrypt's N (15: 32 MiB of memory per hash). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const r = 8;
  const p = 1;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
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
