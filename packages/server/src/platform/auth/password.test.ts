import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { DEFAULT_PASSWORD_HASH_COST, dummyHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { createPasswordHasher } from "./password-hasher";

describe("password hashing", () => {
  it("stores scheme, parameters, salt and key, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse", 12);
    expect(hash).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", 12)).not.toBe(await hashPassword("same", 12));
  });

  it("verifies hashes made at another cost, so the cost can change", async () => {
    expect(await verifyPassword("pw", await hashPassword("pw", 13))).toBe(true);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("pw", "")).toBe(false);
    expect(await verifyPassword("pw", "bcrypt$whatever")).toBe(false);
  });
});

describe("today's parameters", () => {
  it("defaults to OWASP's scrypt parameters, N = 2^17, r = 8, p = 1", async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({}).passwordHashCost).toBe(17);
    // 128 MiB of scrypt memory: beyond node's 32 MiB default, so maxmem must allow it.
    const hash = await hashPassword("correct horse", DEFAULT_PASSWORD_HASH_COST);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
  }, 60_000);

  it("asks for a new hash when the stored one is weaker than the configured cost, never a weaker one", async () => {
    const old = await hashPassword("pw", 12);
    expect(needsRehash(old, 13)).toBe(true);
    expect(needsRehash(old, 12)).toBe(false);
    expect(needsRehash(old, 11)).toBe(false);
    expect(needsRehash(old.replace("$8$1$", "$4$1$"), 12)).toBe(true);
    expect(needsRehash("bcrypt$whatever", 12)).toBe(true);
  });
});

describe("on the hash workers", () => {
  it("hashes and verifies exactly as in this process, after the same NFKC normalization", async () => {
    const hasher = createPasswordHasher({
      passwordHashing: { workers: 2, queue: 4, niceness: 0, strangerShare: 100 },
    });
    const seat = hasher.seat("unknown", {} as FastifyReply);
    try {
      const onWorkers = await hashPassword("ﬁre horse", 12, seat.derive);
      expect(await verifyPassword("fire horse", onWorkers)).toBe(true);
      const here = await hashPassword("correct horse", 12);
      expect(await verifyPassword("correct horse", here, seat.derive)).toBe(true);
      expect(await verifyPassword("correct horsE", here, seat.derive)).toBe(false);
    } finally {
      seat.release();
      await hasher.close();
    }
  });

  it("checks unknown emails against a stored key of the configured cost that no password matches", async () => {
    const stored = dummyHash(12);
    expect(stored).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(needsRehash(stored, 12)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });
});
