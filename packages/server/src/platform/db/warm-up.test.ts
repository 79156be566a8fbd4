// Before a process listens, every pooled connection is open (main.ts calls warmUp): the first players' requests
// wait for no connection's set-up.
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers";
import { openPostgres } from "./postgres";

describe.skipIf(!process.env.DATABASE_URL)("warming the pool", () => {
  it("opens as many connections as the pool may hold, all idle and ready", async () => {
    const target = await createTestDatabase();
    const database = await openPostgres(target.url!, { poolSize: 6, log: { warn() {} } });
    try {
      expect(database.poolUse()?.total).toBeLessThan(6);
      await database.warmUp();
      expect(database.poolUse()).toMatchObject({ max: 6, total: 6, idle: 6, waiting: 0 });
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
