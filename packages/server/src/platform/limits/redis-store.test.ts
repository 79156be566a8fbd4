// The rate counters in Redis (LIVE_BUS_URL), on a Redis server of the test's own: every process's hits counted at
// once and exactly (no flush to wait for), no database statement per hit, windows that end, and the database's
// counters standing in while Redis is down.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countStatements, createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { type OwnRedis, startOwnRedis } from "../../../test/redis-server";
import { limitStoresFor } from "./store";

let redis: OwnRedis;
let database: TestDatabase;
beforeAll(async () => {
  redis = await startOwnRedis();
  database = await createTestDatabase({ liveBusUrl: redis.url });
});
afterAll(async () => {
  await database?.drop();
  await redis?.stop();
});

/** Two server processes' stores on one database: the keys are named after the database, so they share them. */
const twoProcesses = () => [limitStoresFor(database.database), limitStoresFor(database.database)] as const;

describe("the rate counters in Redis", () => {
  it("count every process's hits at once and exactly, also many at once", async () => {
    const [first, second] = twoProcesses();
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).store.hit("burst", 60_000)),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hits.every((h) => h.resetInMs > 0 && h.resetInMs <= 60_000)).toBe(true);
    expect((await second.store.peek("burst"))?.count).toBe(20);

    // The per-player rate too: no flush, the other process's hits count at once.
    expect((await first.playerRate.hit("player:p1", 60_000)).count).toBe(1);
    expect((await first.playerRate.hit("player:p1", 60_000)).count).toBe(2);
    expect((await second.playerRate.hit("player:p1", 60_000)).count).toBe(3);
    expect((await first.playerRate.hit("player:p1", 60_000)).count).toBe(4);

    // An expensive request counts as its cost, and its first hit starts the window.
    const costly = await first.playerRate.hit("player:costly", 60_000, 5);
    expect(costly.count).toBe(5);
    expect(costly.resetInMs).toBeGreaterThan(0);
    expect((await second.playerRate.hit("player:costly", 60_000)).count).toBe(6);
    expect((await second.store.hit("address:costly", 60_000, 5)).count).toBe(5);
  });

  it("send the database nothing for a hit", async () => {
    const [first] = twoProcesses();
    const { count } = await countStatements(database, async () => {
      for (let i = 0; i < 10; i++) await first.playerRate.hit("player:quiet", 60_000);
      await first.store.hit("address:quiet", 60_000);
      await first.playerRate.flush();
    });
    expect(count).toBe(0);
    expect(await database.database.redis!.client.keys("*")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/rate:player:quiet$/),
        expect.stringMatching(/rate:address:quiet$/),
      ]),
    );
  });

  it("end a window: a key starts again after it, and a reset forgets it", async () => {
    const [first] = twoProcesses();
    expect((await first.store.hit("short", 200)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await first.store.peek("short")).toBeNull();
    expect((await first.store.hit("short", 200)).count).toBe(1);
    await first.store.hit("kept", 60_000);
    await first.store.reset("kept");
    expect(await first.store.peek("kept")).toBeNull();
  });

  it("count in the database while Redis is down, and in Redis again once it is back", async () => {
    const [first] = twoProcesses();
    try {
      await first.store.hit("outage", 60_000);
      await redis.kill();
      await vi.waitFor(() => expect(database.database.redis!.up()).toBe(false), {
        timeout: 10_000,
        interval: 20,
      });
      // The database's store counts from its own zero; a limit holds meanwhile.
      expect((await first.store.hit("outage", 60_000)).count).toBe(1);
      expect((await first.store.hit("outage", 60_000)).count).toBe(2);
      expect((await first.playerRate.hit("player:outage", 60_000)).count).toBe(1);
    } finally {
      await redis.start();
    }
    await vi.waitFor(() => expect(database.database.redis!.up()).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    // Redis came back empty (it keeps nothing on disk): counting starts there again.
    expect((await first.store.hit("outage", 60_000)).count).toBe(1);
    await first.playerRate.stop();
  }, 30_000);
});
