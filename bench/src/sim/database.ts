// A throw-away PostgreSQL database on the server DATABASE_URL names, for one bench run: created, then dropped.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { assertLoopback } from "../http";

export type BenchDatabase = { url: string; name: string; drop(): Promise<void> };

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(serverUrl: string, prefix = "ba_bench"): Promise<BenchDatabase> {
  const url = new URL(serverUrl);
  assertLoopback(url);
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin(serverUrl, `create database ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
