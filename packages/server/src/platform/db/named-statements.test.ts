// Parameterised statements are prepared once per connection by name; others are sent as they are, and a
// connection stops naming new texts at its cap.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { rowsOf } from "./database";
import { nameStatements } from "./named-statements";

let test: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  test = await createTestDatabase();
  client = new pg.Client({ connectionString: test.url ?? undefined });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await test.drop();
});

const prepared = async () =>
  (
    await client.query<{ statement: string }>(
      "select statement from pg_prepared_statements order by statement",
    )
  ).rows.map((row) => row.statement);

describe("named statements (PostgreSQL)", () => {
  it("prepare each parameterised text once on a connection, and answer as before", async () => {
    nameStatements(client, 2);
    for (const n of [1, 2, 3]) {
      const { rows } = await client.query({ text: "select $1::int + 1 as next", values: [n] });
      expect(rows).toEqual([{ next: n + 1 }]);
    }
    expect(await prepared()).toEqual(["select $1::int + 1 as next"]);
    // No parameters: nothing to reuse a plan for, sent unnamed (BEGIN, COMMIT, SELECT 1).
    await client.query("select 1");
    await client.query({ text: "select 2 as two" });
    expect(await prepared()).toEqual(["select $1::int + 1 as next"]);
  });

  it("stop naming new texts at the connection's cap, and still answer them", async () => {
    await client.query({ text: "select $1::text as a", values: ["x"] });
    const past = await client.query({ text: "select $1::text as b", values: ["y"] });
    expect(past.rows).toEqual([{ b: "y" }]);
    expect(await prepared()).toEqual(["select $1::int + 1 as next", "select $1::text as a"]);
  });

  it("are on every pool connection of the server's database handle", async () => {
    await test.database.db.transaction(async (tx) => {
      // The statement has a parameter, so it is named, and lists itself.
      const result = await tx.execute(sql`select statement from pg_prepared_statements where ${"on"} = 'on'`);
      const statements = rowsOf<{ statement: string }>(result).map((row) => row.statement);
      expect(statements.some((text) => text.includes("from pg_prepared_statements"))).toBe(true);
    });
  });
});
