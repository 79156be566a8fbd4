// The yardstick: a raw Fastify route answering with one indexed select, in its own process like the real
// server, on the same kind of database (PGlite in a data directory of its own, or DATABASE_URL's PostgreSQL
// with a pool as large as the server's). No session, no plugins, no ORM: the floor /api/me is measured against.
// Its select is prepared once by name on both, as the server's statements are (pg's named statement; on PGlite
// the server's own pglite-statements.ts), so the two differ by what the server does around the query.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";
import { prepareStatements } from "../../packages/server/src/platform/db/pglite-statements";

const ROWS = 1000;
type Row = { id: string; username: string; coins: number };
type Query = (id: string) => Promise<Row | undefined>;

const setup = [
  "create table if not exists bare_players (id uuid primary key, username text not null, coins bigint not null)",
  `insert into bare_players select gen_random_uuid(), 'pilot_' || n, 1000 from generate_series(1, ${ROWS}) n on conflict do nothing`,
];
const select = "select id, username, coins::int as coins from bare_players where id = $1";

async function openDatabase(): Promise<{ query: Query; ids: string[]; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    for (const statement of setup) await pool.query(statement);
    const ids = (await pool.query<{ id: string }>("select id from bare_players")).rows.map((r) => r.id);
    return {
      ids,
      query: async (id) =>
        (await pool.query<Row>({ name: "bare_select", text: select, values: [id] })).rows[0],
      close: () => pool.end(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "bot-arena-bare-"));
  const client = new PGlite(join(dir, "pglite"));
  for (const statement of setup) await client.query(statement);
  const ids = (await client.query<{ id: string }>("select id from bare_players")).rows.map((r) => r.id);
  prepareStatements(client);
  return {
    ids,
    query: async (id) => (await client.query<Row>(select, [id])).rows[0],
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const database = await openDatabase();
const app = Fastify({ logger: false });
app.get("/api/health", async () => ({ ok: true }));
// Each request reads a different row, as /api/me reads each player's own.
let next = 0;
app.get("/api/bare", async () => {
  next = (next + 1) % database.ids.length;
  return database.query(database.ids[next] ?? "");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
await app.listen({ port: Number(process.env.PORT ?? 4401), host: process.env.HOST ?? "127.0.0.1" });
