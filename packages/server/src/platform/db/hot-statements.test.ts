// A hot statement is built once per client and runs on the session it is given: inside a transaction, on that
// transaction's connection (it sees the transaction's own writes and holds its locks), with each call's values.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { hotRawStatement, hotStatement } from "./hot-statements";
import { profiles } from "./schema";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.drop();
});

let builds = 0;
const usernameOf = hotStatement("test_username_of", (db) => {
  builds += 1;
  return db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")));
});
let countBuilds = 0;
const profileCount = hotStatement("test_profile_count", (db) => {
  countBuilds += 1;
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, sql.placeholder("username")));
});
const plusOne = hotRawStatement<{ next: number }, { n: number }>(
  "test_plus_one",
  () => sql`select ${sql.placeholder("n")}::int + 1 as next`,
);

async function newProfile(db: TestDatabase["database"]["db"], username: string) {
  const [row] = await db
    .insert(profiles)
    .values({
      username,
      usernameSkeleton: username,
      email: `${username}@example.com`,
      passwordHash: "x",
    })
    .returning({ id: profiles.id });
  return row!.id;
}

describe("hot statements", () => {
  it("answer each call's values, built once on the pool", async () => {
    const { db } = test.database;
    const [ann, bob] = [await newProfile(db, "hot_ann"), await newProfile(db, "hot_bob")];
    builds = 0;
    expect(await usernameOf(db, { id: ann })).toEqual([{ username: "hot_ann" }]);
    expect(await usernameOf(db, { id: bob })).toEqual([{ username: "hot_bob" }]);
    expect(await usernameOf(db, { id: ann })).toEqual([{ username: "hot_ann" }]);
    expect(builds).toBe(1);
    expect(await plusOne(db, { n: 41 })).toEqual([{ next: 42 }]);
  });

  it("run inside a transaction on its own connection: they see its writes, and it rolls them back", async () => {
    const { db } = test.database;
    let inside: string | undefined;
    await expect(
      db.transaction(async (tx) => {
        const carl = await newProfile(tx, "hot_carl");
        inside = carl;
        expect(await usernameOf(tx, { id: carl })).toEqual([{ username: "hot_carl" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await usernameOf(db, { id: inside! })).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "are built once per pooled connection, however many transactions run on it",
    async () => {
      const { db } = test.database;
      await newProfile(db, "hot_dan");
      for (let i = 0; i < 20; i++) {
        await db.transaction(async (tx) =>
          expect(await profileCount(tx, { username: "hot_dan" })).toHaveLength(1),
        );
      }
      // One transaction at a time here: the pool hands back the same connection, and its statement is kept.
      expect(countBuilds).toBe(1);
    },
  );

  it("refuse a name used twice", () => {
    expect(() =>
      hotStatement("test_username_of", () => ({ prepare: () => ({ execute: async () => [] }) })),
    ).toThrow("hot statement test_username_of is defined twice");
  });
});
