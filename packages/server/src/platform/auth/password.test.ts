import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

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
