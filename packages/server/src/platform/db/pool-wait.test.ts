import pg from "pg";
import { describe, expect, it } from "vitest";
import { timeConnectionWaits } from "./pool-wait";

// A pool of one connection to the PostgreSQL the suite runs on (none on a PGlite-only run: there is no pool).
describe.skipIf(!process.env.DATABASE_URL)("the oldest wait for a pool connection", () => {
  it("is 0 with a connection free, grows while a query and a connect wait, and is 0 again once they got one", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const oldestWaitMs = timeConnectionWaits(pool);
    try {
      const held = await pool.connect();
      expect(oldestWaitMs()).toBe(0);
      // Both of pg's forms wait: pool.query (which connects with a callback) and pool.connect's promise.
      const query = pool.query("select 1 as one");
      const connect = pool.connect();
      expect(pool.waitingCount).toBe(2);
      const first = oldestWaitMs();
      await expect.poll(oldestWaitMs).toBeGreaterThan(first);
      held.release();
      expect((await query).rows).toEqual([{ one: 1 }]);
      const second = await connect;
      expect(oldestWaitMs()).toBe(0);
      second.release();
    } finally {
      await pool.end();
    }
  });
});
