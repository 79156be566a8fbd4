// An account whose hash was made at an older, lower scrypt cost gets today's hash at its next sign-in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../../test/helpers";
import { hashPassword } from "../../platform/auth/password";
import { profiles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // passwordHashCost 12: N = 4096
});
afterAll(() => t.close());

const storedHash = async (id: UserId) =>
  (await t.db.select({ hash: profiles.passwordHash }).from(profiles).where(eq(profiles.id, id)))[0]!.hash;
const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-in", payload: { email, password } });

describe("old password hashes", () => {
  it("are replaced by a hash at the configured cost when the player signs in", async () => {
    const player = await signUp(t.app);
    await t.db
      .update(profiles)
      .set({ passwordHash: await hashPassword(player.password, 10) })
      .where(eq(profiles.id, player.id));

    expect((await signIn(player.email, player.password)).statusCode).toBe(200);
    const upgraded = await storedHash(player.id);
    expect(upgraded).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect((await signIn(player.email, player.password)).statusCode).toBe(200);
    expect(await storedHash(player.id)).toBe(upgraded);
  });

  it("stay as they are after a wrong password", async () => {
    const player = await signUp(t.app);
    const old = await hashPassword(player.password, 10);
    await t.db.update(profiles).set({ passwordHash: old }).where(eq(profiles.id, player.id));
    expect((await signIn(player.email, "not the password")).statusCode).toBe(401);
    expect(await storedHash(player.id)).toBe(old);
  });

  it("are kept when stronger than the configured cost", async () => {
    const player = await signUp(t.app);
    const strong = await hashPassword(player.password, 13);
    await t.db.update(profiles).set({ passwordHash: strong }).where(eq(profiles.id, player.id));
    expect((await signIn(player.email, player.password)).statusCode).toBe(200);
    expect(await storedHash(player.id)).toBe(strong);
  });
});
