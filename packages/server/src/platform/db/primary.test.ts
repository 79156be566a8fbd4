// Which host a connection goes to when DATABASE_URL lists several, and what a connection must be to serve.
import { describe, expect, it } from "vitest";
import { describeDatabaseUrl } from "../banner";
import { isConnectionError } from "./pg-error";
import { createPrimaryFinder, databaseHosts, NotPrimaryError } from "./primary";

const quiet = { warn() {} };

describe("DATABASE_URL with several hosts", () => {
  it("names one URL per host, in order, with the user, database and parameters of the list", () => {
    expect(databaseHosts("postgres://app:secret@db1:5432,db2:5433,db3:5434/game?sslmode=disable")).toEqual([
      "postgres://app:secret@db1:5432/game?sslmode=disable",
      "postgres://app:secret@db2:5433/game?sslmode=disable",
      "postgres://app:secret@db3:5434/game?sslmode=disable",
    ]);
  });

  it("gives bare hosts the port written after them, and leaves a one-host URL as it is", () => {
    expect(databaseHosts("postgresql://u@a,b,c:6432/db")).toEqual([
      "postgresql://u@a:6432/db",
      "postgresql://u@b:6432/db",
      "postgresql://u@c:6432/db",
    ]);
    expect(databaseHosts("postgres://u@a,b/db")).toEqual(["postgres://u@a/db", "postgres://u@b/db"]);
    const one = "postgres://postgres@127.0.0.1:5432/test";
    expect(databaseHosts(one)).toEqual([one]);
  });

  it("is described at start by its hosts, never its password", () => {
    expect(describeDatabaseUrl("postgres://app:secret@db1:5432,db2:5433/game")).toBe(
      "at db1:5432, db2:5433/game (the writable primary of 2 hosts)",
    );
    expect(describeDatabaseUrl("postgres://app:secret@db1:5432/game")).toBe("at db1:5432/game");
  });
});

describe("a new connection serves only on a writable primary", () => {
  const answering = (row: { standby: boolean; read_only: string }) => ({
    query: async () => ({ rows: [row] }),
  });

  it("accepts a primary, refuses a standby and a read-only server with an error the API answers as 503", async () => {
    const finder = createPrimaryFinder("postgres://u@a:1/db", quiet);
    await expect(
      finder.confirm(answering({ standby: false, read_only: "off" }) as never),
    ).resolves.toBeUndefined();
    const standby = finder.confirm(answering({ standby: true, read_only: "on" }) as never);
    await expect(standby).rejects.toThrow(/a:1 is a standby \(in recovery\)/);
    await expect(standby).rejects.toBeInstanceOf(NotPrimaryError);
    const readOnly = await finder
      .confirm(answering({ standby: false, read_only: "on" }) as never)
      .catch((error: unknown) => error);
    expect(String(readOnly)).toMatch(/takes no writes/);
    expect(isConnectionError(readOnly)).toBe(true);
  });

  it("maps a write refused by a read-only server (25006) to 'unavailable', nothing written", () => {
    const refused = Object.assign(new Error("cannot execute INSERT in a read-only transaction"), {
      code: "25006",
    });
    expect(isConnectionError(new Error("Failed query", { cause: refused }))).toBe(true);
  });
});
