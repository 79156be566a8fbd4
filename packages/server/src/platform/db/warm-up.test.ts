// Before a process listens, every pooled connection is open (main.ts calls warmUp): the first players' requests
// wait for no connection's set-up.
import { sql } from "drizzle-orm";
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

  it("starts anyway when the server refuses some connections, and says so", async () => {
    const target = await createTestDatabase();
    const warned: string[] = [];
    const database = await openPostgres(target.url!, {
      poolSize: 4,
      log: { warn: (_obj: unknown, msg?: string) => void warned.push(msg ?? "") },
    });
    // A role allowed two connections stands for a server whose max_connections others have taken.
    const url = new URL(target.url!);
    const role = `warm_${Date.now()}`;
    await database.db.execute(sql.raw(`create role ${role} login connection limit 2`));
    const limited = new URL(url);
    limited.username = role;
    const small = await openPostgres(limited.toString(), {
      poolSize: 4,
      log: { warn: (_obj: unknown, msg?: string) => void warned.push(msg ?? "") },
    });
    try {
      await small.warmUp();
      expect(small.poolUse()?.total).toBeLessThanOrEqual(2);
      expect(warned).toContain(
        "database: not every pooled connection opened at start; the rest open on demand",
      );
    } finally {
      await small.close();
      await database.db.execute(sql.raw(`drop role ${role}`));
      await database.close();
      await target.drop();
    }
  });
});
