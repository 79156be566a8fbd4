// Servers that follow the primary (issue 42): DATABASE_URL lists a standby first and the primary second, on
// two PostgreSQL servers of the test's own (test/pg-cluster.ts). Every pooled connection and the live bus's land
// on the primary; when the primary dies and the standby is promoted, the same process finds it without a restart,
// and meanwhile every failure is one the API answers as 503 (nothing half-done, nothing written to a standby).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, rowsOf } from "../../src/platform/db/database";
import { isConnectionError } from "../../src/platform/db/pg-error";
import { openPostgres } from "../../src/platform/db/postgres";
import { canRunOwnPostgres, type OwnPostgres, startOwnPrimary, startOwnStandby } from "../pg-cluster";

const run = canRunOwnPostgres && Boolean(process.env.DATABASE_URL);

describe.skipIf(!run)("a database that fails over", () => {
  let primary: OwnPostgres;
  let standby: OwnPostgres;
  let database: Database;
  const heard: string[] = [];

  beforeAll(async () => {
    primary = await startOwnPrimary();
    standby = await startOwnStandby(primary);
    const url = `postgres://postgres@${standby.host},${primary.host}/postgres`;
    database = await openPostgres(url, { poolSize: 4, log: { warn() {} } });
    // As the live hub does: the bus LISTENs once something listens.
    await database.bus.subscribe({
      onEnvelope: (envelope) => heard.push(envelope.kind),
      onResync: () => heard.push("resync"),
    });
  }, 60_000);

  /** An event sent on the bus comes back to this process's listener. */
  const roundTrip = async (kind: string) => {
    await database.bus.send([JSON.stringify({ channel: "music", kind, at: Date.now() })]);
    await vi.waitFor(() => expect(heard).toContain(kind), { timeout: 10_000, interval: 20 });
  };

  afterAll(async () => {
    await database?.close();
    primary?.remove();
    standby?.remove();
  });

  const serverPort = async () => {
    const [row] = rowsOf<{ port: number }>(await database.db.execute(sql`select inet_server_port() as port`));
    return Number(row!.port);
  };

  it("connects every pooled connection and the live bus to the primary, the standby listed first", async () => {
    const ports = await Promise.all(
      Array.from({ length: 8 }, () =>
        database.db.transaction(async (tx) => {
          const rows = rowsOf<{ port: number; standby: boolean }>(
            await tx.execute(sql`select inet_server_port() as port, pg_is_in_recovery() as standby`),
          );
          return rows[0]!;
        }),
      ),
    );
    expect(new Set(ports.map((p) => Number(p.port)))).toEqual(new Set([primary.port]));
    expect(ports.every((p) => p.standby === false)).toBe(true);
    await database.db.execute(sql`create table ledger_probe (id int primary key)`);
    await database.db.execute(sql`insert into ledger_probe values (1)`);
    expect(database.bus.stats().up).toBe(true);
    await roundTrip("before-failover");
  });

  it("finds the promoted standby after the primary dies, failing meanwhile only as 'unavailable'", async () => {
    // What the standby has replayed is what survives: wait until it has the row written above.
    await vi.waitFor(
      async () => {
        const { Client } = (await import("pg")).default;
        const direct = new Client({ connectionString: standby.url });
        await direct.connect();
        try {
          expect((await direct.query("select count(*)::int as n from ledger_probe")).rows[0].n).toBe(1);
        } finally {
          await direct.end();
        }
      },
      { timeout: 10_000, interval: 100 },
    );
    primary.stop("immediate");
    standby.promote();
    const failures: unknown[] = [];
    await vi.waitFor(
      async () => {
        try {
          expect(await serverPort()).toBe(standby.port);
        } catch (error) {
          if (!(error instanceof Error && error.name === "AssertionError")) failures.push(error);
          throw error;
        }
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(failures.every(isConnectionError)).toBe(true);
    await database.db.execute(sql`insert into ledger_probe values (2)`);
    const rows = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from ledger_probe order by id`),
    );
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    // The bus's own connection found the new primary too, and told the hub to resync what it missed.
    await vi.waitFor(() => expect(database.bus.stats().up).toBe(true), { timeout: 15_000, interval: 100 });
    expect(heard).toContain("resync");
    await roundTrip("after-failover");
  }, 60_000);
});
