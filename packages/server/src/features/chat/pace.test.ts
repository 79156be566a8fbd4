// The chat's pace in Redis (LIVE_BUS_URL), on a Redis server of the test's own: a player's lines are counted
// there, not by a count of their rows in the line's transaction; and while Redis is down the database's count
// stands in, so the pace still holds. (Exact across two processes: two-servers.test.ts, on each bus.)
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  countStatements,
  createTestApp,
  createTestDatabase,
  errorOf,
  signUp,
  type TestApp,
  type TestDatabase,
  testClock,
} from "../../../test/helpers";
import { type OwnRedis, startOwnRedis } from "../../../test/redis-server";
import { say } from "./testing";

const clock = testClock();
let redis: OwnRedis;
let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  redis = await startOwnRedis();
  database = await createTestDatabase({ liveBusUrl: redis.url });
  t = await createTestApp({ database: database.database, clock });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await redis?.stop();
});

describe("the chat's pace in Redis", () => {
  it("keeps each line's moment in Redis, and the line's transaction counts no rows", async () => {
    clock.advance(61_000);
    const player = await signUp(t.app);
    const { texts } = await countStatements(t, async () => {
      for (let i = 1; i <= 3; i++) expect((await say(player, `paced ${i}`)).statusCode).toBe(201);
    });
    expect(texts.filter((text) => /count\(/i.test(text))).toEqual([]);
    expect(
      await database.database.redis!.client.zcard(database.database.redis!.key(`chat-pace:${player.id}`)),
    ).toBe(3);
  });

  it("counts in the database while Redis is down: the sixth line in the window is still refused", async () => {
    clock.advance(61_000);
    const player = await signUp(t.app);
    try {
      for (let i = 1; i <= 3; i++) expect((await say(player, `before ${i}`)).statusCode).toBe(201);
      await redis.kill();
      await vi.waitFor(() => expect(database.database.redis!.up()).toBe(false), {
        timeout: 10_000,
        interval: 20,
      });
      for (let i = 4; i <= 5; i++) expect((await say(player, `during ${i}`)).statusCode).toBe(201);
      expect(errorOf(await say(player, "during 6"))).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    } finally {
      await redis.start();
    }
  }, 30_000);
});
