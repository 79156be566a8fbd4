// Live events leave after the commit, grouped, and never for work that rolled back.
import { Coins } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, createTestDatabase, hearBus, type TestDatabase } from "../../../test/helpers";
import type { UserId } from "../ids";
import { moveCoins } from "../ledger";
import { createNotifier } from "./after-commit";
import { type LiveEnvelope, publish } from "./publish";

let test: TestDatabase;
const heard: LiveEnvelope[] = [];
beforeAll(async () => {
  test = await createTestDatabase();
  await hearBus(test.database, (envelope) => heard.push(envelope));
});
afterAll(() => test.drop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kinds = () => heard.map((event) => event.kind);
async function heardKind(kind: string) {
  for (let i = 0; i < 100 && !kinds().includes(kind); i++) await sleep(20);
  return kinds().includes(kind);
}

async function newPlayer(): Promise<UserId> {
  const name = `p${Math.random().toString(36).slice(2, 10)}`;
  const rows = await test.database.db.execute(
    sql`insert into profiles (username, email, password_hash) values (${name}, ${`${name}@arena.test`}, 'x') returning id`,
  );
  return (rows as unknown as { rows: { id: UserId }[] }).rows[0]!.id;
}

describe("events published in a transaction", () => {
  it("are not sent before the commit, and are sent after it, in order", async () => {
    heard.length = 0;
    const userId = await newPlayer();
    const { texts } = await countStatements(test, () =>
      test.database.db.transaction(async (tx) => {
        await publish(tx, { channel: "music", kind: "first" });
        await moveCoins(tx, { userId, account: "wallet", credit: Coins(40), reason: "test" });
        await publish(tx, { channel: "music", kind: "last" });
        // Long enough for a NOTIFY sent inside the transaction to have arrived, had it been sent.
        await sleep(150);
        expect(heard).toEqual([]);
      }),
    );
    // What the transaction itself sends, between its BEGIN and its COMMIT: the coins' one statement and no
    // NOTIFY (which would take the notify lock at its commit).
    const inside = texts.slice(
      0,
      texts.findIndex((text) => /^commit/i.test(text.trim())),
    );
    expect(inside.filter((text) => !/^begin/i.test(text.trim()))).toHaveLength(1);
    expect(inside.filter((text) => text.includes("pg_notify"))).toEqual([]);
    expect(await heardKind("last")).toBe(true);
    expect(kinds()).toEqual(["first", "balance", "last"]);
    expect(heard[1]).toMatchObject({ channel: "me", userId, data: { coins: 40 } });
  });

  it("are never sent when the transaction rolls back", async () => {
    heard.length = 0;
    await test.database.db
      .transaction(async (tx) => {
        await publish(tx, { channel: "music", kind: "rolled-back" });
        throw new Error("rollback");
      })
      .catch(() => {});
    await publish(test.database.db, { channel: "music", kind: "marker" });
    expect(await heardKind("marker")).toBe(true);
    expect(kinds()).toEqual(["marker"]);
  });

  it("of an attempt retried after a deadlock are dropped with it; the attempt that commits announces once", async () => {
    heard.length = 0;
    let attempts = 0;
    await test.database.db.transaction(async (tx) => {
      attempts += 1;
      await publish(tx, { channel: "music", kind: `attempt-${attempts}` });
      // What the driver throws for a deadlock; the retry wrapper (PostgreSQL only) runs the work again.
      if (attempts === 1 && test.url) throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    });
    await publish(test.database.db, { channel: "music", kind: "marker" });
    expect(await heardKind("marker")).toBe(true);
    expect(kinds()).toEqual([`attempt-${attempts}`, "marker"]);
  });

  it("outside a transaction go out at once", async () => {
    heard.length = 0;
    await publish(test.database.db, { channel: "music", kind: "now" });
    expect(await heardKind("now")).toBe(true);
  });
});

describe("the notifier", () => {
  it("sends one batch at a time and groups what arrives meanwhile, in order", async () => {
    const batches: string[][] = [];
    let release = () => {};
    const notifier = createNotifier(
      (payloads) => {
        batches.push(payloads);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { warn() {} },
    );
    const first = notifier.send(["a"]);
    const second = notifier.send(["b", "c"]);
    const third = notifier.send(["d"]);
    expect(batches).toEqual([["a"]]);
    const drained = notifier.drain();
    release();
    await first;
    await sleep(0);
    expect(batches).toEqual([["a"], ["b", "c", "d"]]);
    release();
    await Promise.all([second, third, drained]);
  });

  it("settles every waiting batch when one fails, and logs it", async () => {
    const warned: unknown[] = [];
    const notifier = createNotifier(() => Promise.reject(new Error("connection lost")), {
      warn: (obj) => warned.push(obj),
    });
    await expect(notifier.send(["a"])).resolves.toBeUndefined();
    expect(warned).toHaveLength(1);
  });
});
