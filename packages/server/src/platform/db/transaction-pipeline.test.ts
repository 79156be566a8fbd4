// The transaction pipeline runs its layers in the one order, outermost first, whatever order they are given
// in; a layer a driver leaves out keeps the others in place; a retrying layer reruns only what is inside it.
import { describe, expect, it } from "vitest";
import type { Db } from "./database";
import {
  installTransactionPipeline,
  TRANSACTION_LAYERS,
  type TransactionLayer,
  type TransactionLayerName,
} from "./transaction-pipeline";

function fakeDb(calls: string[]): Db {
  return {
    transaction: (work: (tx: unknown) => unknown) => {
      calls.push("drizzle");
      return Promise.resolve(work("tx"));
    },
  } as unknown as Db;
}

const recording =
  (calls: string[], name: string, runs = 1): TransactionLayer =>
  (inner) =>
    (async (work, config) => {
      calls.push(`${name} in`);
      let result: unknown;
      for (let run = 0; run < runs; run++) result = await inner(work, config);
      calls.push(`${name} out`);
      return result;
    }) as typeof inner;

describe("the transaction pipeline", () => {
  it("names the layers outermost first: claim, after-commit, retry, checkout, lock order", () => {
    expect(TRANSACTION_LAYERS).toEqual(["idempotencyClaim", "afterCommit", "retry", "checkout", "lockOrder"]);
  });

  it("runs every layer in that order around the work, given in any order", async () => {
    const calls: string[] = [];
    const db = fakeDb(calls);
    const given = [...TRANSACTION_LAYERS].reverse();
    installTransactionPipeline(
      db,
      Object.fromEntries(given.map((name) => [name, recording(calls, name)])) as Record<
        TransactionLayerName,
        TransactionLayer
      >,
    );
    expect(await db.transaction(async () => calls.push("work") && "done")).toBe("done");
    expect(calls).toEqual([
      ...TRANSACTION_LAYERS.map((name) => `${name} in`),
      "drizzle",
      "work",
      ...[...TRANSACTION_LAYERS].reverse().map((name) => `${name} out`),
    ]);
  });

  it("leaves out what a driver does not need, and a retry reruns only the layers inside it", async () => {
    const calls: string[] = [];
    const db = fakeDb(calls);
    installTransactionPipeline(db, {
      lockOrder: recording(calls, "lockOrder"),
      retry: recording(calls, "retry", 2),
      afterCommit: recording(calls, "afterCommit"),
    });
    await db.transaction(async () => calls.push("work"));
    expect(calls).toEqual([
      "afterCommit in",
      "retry in",
      ...["lockOrder in", "drizzle", "work", "lockOrder out"],
      ...["lockOrder in", "drizzle", "work", "lockOrder out"],
      "retry out",
      "afterCommit out",
    ]);
  });

  it("is installed once per handle", () => {
    const db = fakeDb([]);
    installTransactionPipeline(db, {});
    expect(() => installTransactionPipeline(db, {})).toThrow(
      "the transaction pipeline is installed once per database handle",
    );
  });
});
