// A pipelining connection answers BEGIN at once and sends the transaction's first statement behind it; the
// transaction is as real as one whose BEGIN was awaited.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { beginWithoutWaiting, writeOncePerTick } from "./pipelining";

let test: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  test = await createTestDatabase();
  client = new pg.Client({ connectionString: test.url ?? undefined, pipeline: true });
  await client.connect();
  beginWithoutWaiting(client);
  await client.query("create temporary table marks (n int)");
});
afterAll(async () => {
  await client?.end();
  await test.drop();
});

/** True when `promise` settles within a few microtask turns: no answer from a server can arrive that soon. */
async function settlesAtOnce(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(() => (settled = true));
  for (let turn = 0; turn < 3; turn++) await Promise.resolve();
  const early = settled;
  await promise;
  return early;
}

const txid = async () =>
  (await client.query<{ id: string }>("select txid_current()::text as id")).rows[0]?.id;

describe("BEGIN without waiting (PostgreSQL)", () => {
  it("answers BEGIN before the server does, and the statements behind it share one transaction", async () => {
    expect(await settlesAtOnce(client.query("begin"))).toBe(true);
    const first = await txid();
    await client.query({ text: "insert into marks values ($1)", values: [1] });
    expect(await txid()).toBe(first);
    await client.query("rollback");
    expect((await client.query("select count(*)::int as n from marks")).rows).toEqual([{ n: 0 }]);
    // Outside a transaction every statement has its own.
    expect(await txid()).not.toBe(await txid());
  });

  it("waits for every other statement, COMMIT included", async () => {
    await client.query("begin");
    expect(await settlesAtOnce(client.query({ text: "insert into marks values ($1)", values: [2] }))).toBe(
      false,
    );
    expect(await settlesAtOnce(client.query("commit"))).toBe(false);
    expect((await client.query("select n from marks")).rows).toEqual([{ n: 2 }]);
  });

  it("the first statement fails when the connection that took the BEGIN is gone", async () => {
    const doomed = new pg.Client({ connectionString: test.url ?? undefined, pipeline: true });
    doomed.on("error", () => {});
    await doomed.connect();
    beginWithoutWaiting(doomed);
    const pid = (await doomed.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
    await client.query({ text: "select pg_terminate_backend($1)", values: [pid] });
    await doomed.query("begin");
    await expect(doomed.query({ text: "select $1::int", values: [1] })).rejects.toThrow();
    await doomed.end().catch(() => {});
  });
});

describe("one write per tick (PostgreSQL)", () => {
  it("sends the statements started together, BEGIN included, in one write to the socket", async () => {
    const flying = new pg.Client({ connectionString: test.url ?? undefined, pipeline: true });
    await flying.connect();
    beginWithoutWaiting(flying);
    writeOncePerTick(flying);
    const stream = (flying as unknown as { connection: { stream: import("node:net").Socket } }).connection
      .stream;
    let writes = 0;
    const write = stream._write.bind(stream);
    const writev = stream._writev?.bind(stream);
    stream._write = (...args: Parameters<typeof stream._write>) => {
      writes++;
      return write(...args);
    };
    if (writev) {
      stream._writev = (...args: Parameters<NonNullable<typeof stream._writev>>) => {
        writes++;
        return writev(...args);
      };
    }
    await flying.query("begin");
    const answers = await Promise.all([
      flying.query({ text: "select $1::int as n", values: [1] }),
      flying.query({ text: "select $1::int as n", values: [2] }),
      flying.query({ text: "select $1::text as t", values: ["three"] }),
    ]);
    expect(answers.map((answer) => answer.rows[0])).toEqual([{ n: 1 }, { n: 2 }, { t: "three" }]);
    expect(writes).toBe(1);
    await flying.query("commit");
    expect(writes).toBe(2);
    await flying.end();
  });
});
