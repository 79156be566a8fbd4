// Statements prepared by name on PGlite answer exactly as PGlite's own `query` does (rows, types, NULLs, int8,
// arrays, json, errors and their codes, transactions), while a text seen before is not parsed again.
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./database";
import { parseSafeInteger } from "./int8";
import { pgErrorOf } from "./pg-error";
import { prepareStatements } from "./pglite-statements";

const setup = `
  create table pilots (id int primary key, name text not null unique, coins int8, tags text[], data jsonb, at timestamptz);
  insert into pilots values
    (1, 'ada', 9007199254740991, '{a,b}', '{"rank": 1}', '2030-01-15T12:00:00Z'),
    (2, 'bob', null, null, null, null);
`;
const parsers = { [types.INT8]: parseSafeInteger };

let plain: PGlite;
let named: PGlite;
let kept: { named: () => number };
/** The type byte of every protocol message `named` sends into Postgres, in order. */
const sent: string[] = [];

beforeAll(async () => {
  [plain, named] = [new PGlite({ parsers }), new PGlite({ parsers })];
  for (const client of [plain, named]) await client.exec(setup);
  kept = prepareStatements(named, 20);
  const exec = named.execProtocolStream.bind(named);
  named.execProtocolStream = (message, options) => {
    for (
      let at = 0;
      at < message.length;
      at += 1 + new DataView(message.buffer, message.byteOffset).getInt32(at + 1)
    )
      sent.push(String.fromCharCode(message[at]!));
    return exec(message, options);
  };
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await named?.close();
});

/**
 * Both clients' answer to the same call: a result, or the error's class and every field a caller reads; and
 * how often each wrote its files to disk (PGlite does after each statement outside a transaction).
 */
async function both(call: (client: PGlite) => Promise<unknown>) {
  const outcome = async (client: PGlite) => {
    let syncs = 0;
    const sync = client.syncToFs.bind(client);
    client.syncToFs = () => {
      syncs += 1;
      return sync();
    };
    try {
      const answer = await call(client).then(
        (result) => ({ result }),
        (error: unknown) => ({
          error: error?.constructor?.name,
          fields: { ...(error as object) },
          message: String(error),
        }),
      );
      return { ...answer, syncs };
    } finally {
      client.syncToFs = sync;
    }
  };
  return { plain: await outcome(plain), named: await outcome(named) };
}

/** Drizzle's own options for a select: rows as arrays, dates left as text. */
const drizzleOptions: QueryOptions = {
  rowMode: "array",
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
};

describe("statements prepared by name on PGlite", () => {
  it("answer selects exactly as PGlite does: int8 by the server's parser, NULLs, arrays, json, dates", async () => {
    const select = "select * from pilots where id = any($1::int[]) order by id";
    for (const options of [undefined, drizzleOptions]) {
      const { plain: a, named: b } = await both((client) => client.query(select, [[1, 2]], options));
      expect(b).toEqual(a);
      expect(a).toMatchObject({ result: { rows: { length: 2 } } });
    }
    const { plain: a, named: b } = await both((client) =>
      client.query("select $1::int8 as n, $2::text as t, $3::jsonb as j, $4::bool as b", [
        7,
        null,
        { x: [1] },
        true,
      ]),
    );
    expect(b).toEqual(a);
    expect(a).toMatchObject({ result: { rows: [{ n: 7, t: null, j: { x: [1] }, b: true }] } });
    // Explicit parameter types are PGlite's own way.
    const typed = await both((client) =>
      client.query("select $1 as typed", ["5"], { paramTypes: [types.INT4] }),
    );
    expect(typed.named).toEqual(typed.plain);
    expect(typed.plain).toMatchObject({ result: { rows: [{ typed: 5 }] } });
  });

  it("answer inserts, updates and deletes with returning and their row counts, as PGlite does", async () => {
    for (const [text, params] of [
      ["insert into pilots (id, name, coins) values ($1, $2, $3) returning id, coins", [3, "cy", 5]],
      ["insert into pilots (id, name) values ($1, $2)", [4, "di"]],
      ["update pilots set coins = coalesce(coins, 0) + $1 where id >= $2 returning id, coins", [10, 2]],
      ["update pilots set name = name where id > $1", [100]],
      ["delete from pilots where id >= $1", [3]],
    ] as const) {
      const { plain: a, named: b } = await both((client) => client.query(text, [...params]));
      expect(b).toEqual(a);
      expect(a).toHaveProperty("result");
    }
  });

  it("parse a text once: the second run sends only Bind, Execute and Sync", async () => {
    const text = "select name from pilots where id = $1";
    sent.length = 0;
    await named.query(text, [1]);
    expect(sent).toEqual(["P", "D", "S", "B", "E", "S"]);
    sent.length = 0;
    const again = await named.query(text, [2]);
    expect(again.rows).toEqual([{ name: "bob" }]);
    expect(sent).toEqual(["B", "E", "S"]);
  });

  it("refuse with PGlite's own errors: class, code, constraint, detail, query and params", async () => {
    const cases = [
      ["insert into pilots (id, name) values ($1, $2)", [1, "ada"]], // 23505 on the primary key
      ["insert into pilots (id, name) values ($1, $2)", [9, "ada"]], // 23505 on the name
      ["select * from pilots where id = $1", ["not a number"]], // 22P02 at Bind
      ["select * from nowhere where id = $1", [1]], // 42P01 at Parse
      ["select 9007199254740993::int8 + $1 as n", [0]], // the int8 parser refuses a number beyond 2^53
    ] as const;
    for (const [text, params] of cases) {
      // Twice: the first run parses by name, the second reuses it (or parses again if Postgres refused it).
      for (let run = 0; run < 2; run += 1) {
        const { plain: a, named: b } = await both((client) => client.query(text, [...params]));
        expect(b).toEqual(a);
        expect(a).toHaveProperty("error");
      }
    }
    const refused = await named
      .query("insert into pilots (id, name) values ($1, $2)", [9, "ada"])
      .catch((e) => e);
    expect(pgErrorOf(refused)).toEqual(
      expect.objectContaining({ code: "23505", constraint: "pilots_name_key" }),
    );
    // And the connection is fine after each.
    expect((await named.query("select name from pilots where id = $1", [1])).rows).toEqual([{ name: "ada" }]);
  });

  it("run inside transactions: a rollback undoes their writes, an error aborts the transaction as PGlite's does", async () => {
    const insert = "insert into pilots (id, name) values ($1, $2) returning id";
    sent.length = 0;
    const { plain: a, named: b } = await both((client) =>
      client.transaction(async (tx) => {
        const inserted = await tx.query(insert, [20, "eve"]);
        const refused = await tx.query(insert, [20, "eve"]).catch((e: unknown) => ({ ...(e as object) }));
        const aborted = await tx
          .query("select $1::int as one", [1])
          .catch((e: unknown) => ({ ...(e as object) }));
        await tx.rollback();
        const closed = await tx.query(insert, [23, "hex"]).catch((e: unknown) => String(e));
        // An ordinary property on both, which a caller may wrap.
        const { writable, enumerable, configurable } = Object.getOwnPropertyDescriptor(tx, "query") ?? {};
        return {
          inserted: inserted.rows,
          refused,
          aborted,
          closed,
          query: { writable, enumerable, configurable },
        };
      }),
    );
    expect(b).toEqual(a);
    expect(a).toMatchObject({
      result: {
        refused: { code: "23505" },
        aborted: { code: "25P02" },
        closed: "Error: Transaction is closed",
      },
    });
    // The second insert reused the first one's name.
    expect(sent.filter((type) => type === "P")).toHaveLength(2);
    // The names made inside the rolled-back transaction still serve (Postgres does not roll statements back).
    const after = await both((client) => client.query(insert, [21, "fay"]));
    expect(after.named).toEqual(after.plain);
    const thrown = await both((client) =>
      client.transaction(async (tx) => {
        await tx.query(insert, [22, "gus"]);
        throw new Error("changed my mind");
      }),
    );
    expect(thrown.named).toEqual(thrown.plain);
    const left = await both((client) =>
      client.query("select id from pilots where id >= $1 order by id", [20]),
    );
    expect(left.named).toEqual(left.plain);
    expect(left.plain).toMatchObject({ result: { rows: [{ id: 21 }] } });
  });

  it("serve Drizzle's driver in and out of transactions, with the codes the server maps", async () => {
    const db = drizzle({ client: named });
    expect(rowsOf(await db.execute(sql`select name from pilots where id = ${1}`))).toEqual([{ name: "ada" }]);
    const committed = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pilots (id, name) values (${30}, ${"hal"})`);
      return rowsOf(await tx.execute(sql`select name from pilots where id = ${30}`));
    });
    expect(committed).toEqual([{ name: "hal" }]);
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into pilots (id, name) values (${31}, ${"ivy"})`);
        await tx.execute(sql`insert into pilots (id, name) values (${32}, ${"hal"})`);
      })
      .catch((error: unknown) => error);
    expect(pgErrorOf(failed)?.code).toBe("23505");
    expect(rowsOf(await db.execute(sql`select id from pilots where id = ${31}`))).toEqual([]);
  });

  it("take a table's new shape after a schema change, as PGlite does", async () => {
    const text = "select * from pilots where id = $1";
    await both((client) => client.query(text, [1]));
    for (const client of [plain, named])
      await client.exec("alter table pilots add column rank int default 3");
    const { plain: a, named: b } = await both((client) => client.query(text, [1]));
    expect(b).toEqual(a);
    expect(a).toMatchObject({ result: { rows: [{ rank: 3 }] } });
  });

  it("name at most their cap, and answer texts past it PGlite's own way", async () => {
    for (let n = 0; n < 25; n += 1) {
      const text = `select $1::int + ${n} as n`;
      expect((await named.query(text, [1])).rows).toEqual([{ n: n + 1 }]);
    }
    expect(kept.named()).toBeLessThanOrEqual(20);
    sent.length = 0;
    await named.query("select $1::int + 24 as n", [1]);
    expect(sent[0]).toBe("P");
    // Without parameters there is no plan worth keeping: PGlite's own way too.
    sent.length = 0;
    await named.query("select 1 as one");
    expect(sent[0]).toBe("P");
  });
});
