// The counter store: fixed windows from a key's first hit, in memory (PGlite) or in PostgreSQL (Redis's:
// redis-store.test.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { limitStoresFor, memoryLimitStore } from "./store";

describe("the memory store", () => {
  it("counts hits per key within a window and starts again after it", async () => {
    let now = 1_000;
    const store = memoryLimitStore(() => now);
    expect(await store.hit("a", 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 4_000;
    expect(await store.hit("a", 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.hit("b", 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 6_000;
    expect(await store.hit("a", 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    expect(await store.peek("a")).toEqual({ count: 1, resetInMs: 10_000 });
    await store.reset("a");
    expect(await store.peek("a")).toBeNull();
    // An expensive request counts as its cost.
    expect(await store.hit("c", 10_000, 5)).toEqual({ count: 5, resetInMs: 10_000 });
    expect((await store.hit("c", 10_000)).count).toBe(6);
  });
});

describe("the store of the test database's driver", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // The database's own stores, also in the run on Redis (whose stores redis-store.test.ts covers).
    database = await createTestDatabase({ liveBusUrl: null });
  });
  afterAll(() => database.drop());

  it("counts hits, also when many arrive at once, and starts again after the window", async () => {
    const store = limitStoresFor(database.database).store;
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit("burst", 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hits.every((h) => h.resetInMs > 0 && h.resetInMs <= 60_000)).toBe(true);

    expect((await store.hit("short", 200)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.peek("short")).toBeNull();
    expect((await store.hit("short", 200)).count).toBe(1);

    expect((await store.peek("burst"))?.count).toBe(20);
    await store.reset("burst");
    expect(await store.peek("burst")).toBeNull();
    expect((await store.hit("burst", 60_000)).count).toBe(1);
  });

  it("is shared by two stores on one PostgreSQL database, and per store on PGlite (one process)", async () => {
    const first = limitStoresFor(database.database).store;
    const second = limitStoresFor(database.database).store;
    await first.hit("shared", 60_000);
    await first.hit("shared", 60_000);
    expect((await second.hit("shared", 60_000)).count).toBe(database.url ? 3 : 1);
  });

  it("counts a player's requests at once, and shares them with other processes after a flush", async () => {
    const first = limitStoresFor(database.database).playerRate;
    const second = limitStoresFor(database.database).playerRate;
    try {
      // No round trip per hit: three hits answer 1, 2, 3 before anything was written.
      const counts = [];
      for (let i = 0; i < 3; i += 1) counts.push((await first.hit("player:p1", 60_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      await first.flush();
      await second.hit("player:p1", 60_000);
      await second.flush();
      // After both flushed, each sees every process's hits (PGlite: one process, its own count).
      expect((await second.hit("player:p1", 60_000)).count).toBe(database.url ? 5 : 2);
      // The first process flushed before the second's hit: it learns of it with its own next flush.
      expect((await first.hit("player:p1", 60_000)).count).toBe(4);
      await first.flush();
      await second.flush();
      expect((await second.hit("player:p1", 60_000)).count).toBe(database.url ? 7 : 3);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it("counts an expensive hit as its cost, exactly and in the player's batched rate", async () => {
    const { store, playerRate } = limitStoresFor(database.database);
    try {
      expect(await store.hit("costly", 60_000, 5)).toEqual({ count: 5, resetInMs: expect.any(Number) });
      expect((await store.hit("costly", 60_000)).count).toBe(6);
      expect((await playerRate.hit("player:costly", 60_000, 5)).count).toBe(5);
      await playerRate.flush();
      expect((await store.peek("player:costly"))?.count).toBe(5);
      expect((await playerRate.hit("player:costly", 60_000)).count).toBe(6);
    } finally {
      await playerRate.stop();
    }
  });

  it("flushes by itself within moments, and starts a player's count again after the window", async () => {
    const stores = limitStoresFor(database.database);
    const other = limitStoresFor(database.database).playerRate;
    try {
      await stores.playerRate.hit("player:p2", 60_000);
      await stores.playerRate.hit("player:p2", 60_000);
      await other.hit("player:p2", 60_000);
      if (database.url) {
        // No flush asked for: each process's timer adds its hits to the table every process reads.
        await vi.waitFor(async () => expect((await stores.store.peek("player:p2"))?.count).toBe(3), {
          timeout: 10_000,
          interval: 20,
        });
      }
      // A short window ends at the latest its length after the flush that last answered for it; waiting
      // longer than that can only leave it further behind, however slow the machine.
      expect((await stores.playerRate.hit("player:p3", 300)).count).toBe(1);
      expect((await stores.playerRate.hit("player:p3", 300)).count).toBe(2);
      await stores.playerRate.flush();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await stores.playerRate.hit("player:p3", 300)).count).toBe(1);
    } finally {
      await stores.playerRate.stop();
      await other.stop();
    }
  });
});
